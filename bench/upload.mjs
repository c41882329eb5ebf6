// What a multipart upload costs the server: a 1 MB and a 50 MB file posted to svc (the uploads
// fixture's archives route, files past 256 KiB go to a temporary file and are read back) and to
// Fastify + @fastify/multipart (the file streamed through), each server in its own process.
// Reported per server: MB uploaded per server CPU second (CPU from /proc, so the client does not
// count) and how far the server's resident memory rose during the uploads (peak RSS, reset
// before each size through /proc/<pid>/clear_refs). With the load average beside each figure.
// Not part of npm test. `node bench/upload.mjs [--rounds 3]` from the repository root
// (runs svc from its sources through tsx; needs bench's npm install for Fastify).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);
const MB = 1024 * 1024;
const BOUNDARY = 'bench-upload-boundary';
const CHUNK = randomBytes(256 * 1024);

const SERVERS = {
  svc: [process.execPath, ['--import', 'tsx', 'bench/upload/svc-server.ts']],
  'fastify+multipart': [process.execPath, ['bench/upload/fastify-server.mjs']],
};

function start(name) {
  const [command, args] = SERVERS[name];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (line) => resolve({ child, port: Number(String(line).trim()) }));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

const ticks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const statusKb = (pid, key) =>
  Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

/** Posts one file of `size` bytes, generated as it is sent (the client holds 256 KiB). */
function upload(port, size) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="archive.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const headers = {
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    'content-length': head.length + size + tail.length,
  };
  return new Promise((resolve, reject) => {
    const req = request(
      { port, host: '127.0.0.1', method: 'POST', path: '/api/documents/archives', headers },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString());
          if (answer.size === size) resolve();
          else reject(new Error(`${res.statusCode} ${JSON.stringify(answer)}`));
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

async function measure(name, sizes) {
  const { child, port } = await start(name);
  await upload(port, MB); // warm-up
  const rows = [];
  for (const [label, size, count] of sizes) {
    writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    const rssBefore = statusKb(child.pid, 'VmRSS');
    const before = ticks(child.pid);
    for (let i = 0; i < count; i++) await upload(port, size);
    const cpu = (ticks(child.pid) - before) / 100;
    const peakRise = (statusKb(child.pid, 'VmHWM') - rssBefore) / 1024;
    rows.push({
      server: name,
      upload: label,
      uploads: count,
      'MB per CPU s': cpu > 0 ? ((size * count) / MB / cpu).toFixed(0) : 'n/a',
      'CPU ms each': ((cpu * 1000) / count).toFixed(0),
      'peak RSS rise MB': peakRise.toFixed(1),
      load: loadavg()
        .map((value) => value.toFixed(2))
        .join(' '),
    });
  }
  child.kill();
  return rows;
}

const sizes = [
  ['1 MB', MB, 20 * rounds],
  ['50 MB', 50 * MB, rounds],
];
console.log(
  `load average at start: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
const table = [];
for (const name of Object.keys(SERVERS)) table.push(...(await measure(name, sizes)));
console.table(table);
