// CPU per request log line: pino (which Fastify, a bench dependency, brings along) writing to
// /dev/null, against svc's way (a line built by hand, buffered, one write per 32 KiB).
// `node bench/production/log-line.mjs`. Not part of npm test.
import { openSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';

const require = createRequire(new URL('../package.json', import.meta.url));
const pino = require('pino');
const LINES = 300_000;
const record = (i) => ({
  method: 'GET',
  path: '/api/books',
  status: 200,
  ms: 0.41,
  id: `Qm3xT0aZ-${i.toString(36)}`,
});

function microsPerLine(write) {
  const start = process.cpuUsage();
  for (let i = 0; i < LINES; i++) write(record(i));
  const used = process.cpuUsage(start);
  return (used.user + used.system) / LINES;
}

function pinoCase(sync) {
  const destination = pino.destination({ dest: '/dev/null', sync, minLength: sync ? 0 : 8192 });
  const log = pino({ base: undefined }, destination);
  return (r) => log.info(r, 'request');
}

function svcCase() {
  const fd = openSync('/dev/null', 'w');
  let pending = '';
  return (r) => {
    pending += `{"time":${Date.now()},"level":"info","msg":"request","method":"${r.method}","path":"${r.path}","status":${r.status},"ms":${r.ms},"id":"${r.id}"}\n`;
    if (pending.length > 32 * 1024) {
      writeSync(fd, pending);
      pending = '';
    }
  };
}

for (let round = 1; round <= 3; round++) {
  const figures = [
    `pino sync ${microsPerLine(pinoCase(true)).toFixed(2)}`,
    `pino async ${microsPerLine(pinoCase(false)).toFixed(2)}`,
    `svc ${microsPerLine(svcCase()).toFixed(2)}`,
  ];
  console.log(
    `round ${round}: ${figures.join(', ')} µs CPU per line; load average ${loadavg()[0].toFixed(2)}`,
  );
}
