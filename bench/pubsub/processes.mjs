// The processes bench/pubsub.mjs runs: examples/chat built into a temporary project, `svc start`
// servers and redis-server, each watched for its ready line and killed when the bench ends.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(REPO, 'dist', 'cli', 'main.js');
/** Every process started, with the tail of its output (printed when connections failed). */
export const children = [];

export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** A child process whose output is watched for `ready`; killed when the bench ends. */
export async function startProcess(command, args, options, ready) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry = { child, output: '' };
  children.push(entry);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      entry.output = (entry.output + chunk).slice(-4000);
      const match = output.match(ready);
      if (match) resolve({ child, match });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
  });
}

/** examples/chat in a temporary project linked to this svc, built by the real CLI. */
export async function buildChat(maxQueue) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-chat-'));
  cpSync(join(REPO, 'examples', 'chat', 'src'), join(dir, 'src'), { recursive: true });
  // The example's own tsconfig, less its `paths` (here svcjs resolves through node_modules).
  const tsconfig = JSON.parse(readFileSync(join(REPO, 'examples', 'chat', 'tsconfig.json'), 'utf8'));
  delete tsconfig.compilerOptions.paths;
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'chat', private: true, type: 'module' }));
  // The per-subscriber queue bound: the bench sets it above its burst.
  writeFileSync(join(dir, 'svc.config.json'), JSON.stringify({ app: { pubsub: { maxQueue } } }));
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(REPO, join(dir, 'node_modules', 'svcjs'), 'dir');
  symlinkSync(
    join(REPO, 'node_modules', '@types', 'node'),
    join(dir, 'node_modules', '@types', 'node'),
    'dir',
  );
  const build = spawn(process.execPath, [CLI, 'build'], { cwd: dir, stdio: 'inherit' });
  const [code] = await once(build, 'exit');
  if (code !== 0) throw new Error('svc build failed');
  return dir;
}

export async function startChat(dir, env) {
  const args = [CLI, 'start', '--host', '127.0.0.1', '--port', '0'];
  const { match } = await startProcess(
    process.execPath,
    args,
    { cwd: dir, env: { ...process.env, ...env } },
    /svc: listening on (\S+)/,
  );
  return match[1];
}
