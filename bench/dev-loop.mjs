// The dev-loop bench: how long a developer waits. On the example, the generated 300×10 project
// and (as the peer) a Fastify app under `tsx watch`, it times
//   (a) `svc dev` launch → first 200, cold (no .svc/) and warm (.svc/ kept, sources unchanged),
//   (b) save → the new code answering, for a comment edit, a handler body edit, a signature edit,
//   (c) a fresh process → createTestApp + first inject, cold (no .svc/test-cache) and warm
//       (Fastify: buildApp + inject under tsx),
//   (d) `svc build` (Fastify: tsc).
// Medians of N rounds, the load average beside them. Not part of `npm test`.
// Usage: node bench/dev-loop.mjs [--rounds N] [--only example,300×10,fastify] [--svc <package dir>]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './lib/stats.mjs';
import { exampleProject, fastifyProject, generatedProject, repoDir, svcDir } from './dev-loop/projects.mjs';

const CLI = join(svcDir, 'dist', 'cli', 'main.js');
const TSX = join(repoDir, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const TSC = join(repoDir, 'node_modules', 'typescript', 'bin', 'tsc');
const EDITS = ['comment', 'body', 'signature'];
const IDLE_BEFORE_EDIT_MS = 1000;
const argValue = (name) => {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
};
const ROUNDS = Number(argValue('--rounds') ?? 10);
const ONLY = argValue('--only')?.split(',');
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** A long-running command whose output can be awaited. */
class Running {
  constructor(command, args, cwd, env = {}) {
    this.output = '';
    this.child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.waiters = [];
    const append = (chunk) => {
      this.output += chunk;
      for (const check of this.waiters) check();
    };
    this.child.stdout.on('data', append);
    this.child.stderr.on('data', append);
    this.exited = new Promise((resolve) => this.child.on('close', resolve));
  }
  waitFor(pattern, from = 0) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timeout on ${pattern}:\n${this.output.slice(-3000)}`)),
        120_000,
      );
      const check = () => {
        const match = this.output.slice(from).match(pattern);
        if (!match) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiter) => waiter !== check);
        resolve(match);
      };
      this.waiters.push(check);
      check();
    });
  }
  async stop() {
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

async function get(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return { status: response.status, text: await response.text() };
  } catch {
    return undefined;
  }
}

/** Polls `url` until `ok(answer)`: a bench may poll, it measures the moment the answer changes. */
async function until(url, ok) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const answer = await get(url);
    if (answer && ok(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no matching answer from ${url}`);
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Launches the project's dev loop; resolves with the process, its URL and the launch time. */
async function launch(project) {
  const started = performance.now();
  let running;
  let url;
  if (project.name === 'fastify') {
    const port = await freePort();
    running = new Running(
      process.execPath,
      [TSX, 'watch', '--clear-screen=false', 'src/main.ts'],
      project.root,
      { PORT: String(port) },
    );
    url = `http://127.0.0.1:${port}`;
  } else {
    running = new Running(
      process.execPath,
      [CLI, 'dev', '--root', project.root, '--host', '127.0.0.1', '--port', '0'],
      project.root,
    );
    url = (await running.waitFor(/svc: listening on (\S+)/))[1];
  }
  await until(url + project.probe, (answer) => answer.status === 200);
  return { running, url, started, ms: performance.now() - started };
}

/** Applies one edit and waits until the new code answers (or, for a comment, the loop settled). */
async function timeEdit(project, session, edit, round) {
  // A developer's saves are seconds apart: the loop gets the idle second it would have between
  // them (for svc, the standby process of the previous reload finishes loading meanwhile).
  await new Promise((resolve) => setTimeout(resolve, IDLE_BEFORE_EDIT_MS));
  const mark = session.running.output.length;
  const pid = project.name === 'fastify' ? (await get(`${session.url}/api/boot`)).text : undefined;
  const started = performance.now();
  const probe = project.edits[edit](round);
  if (typeof probe === 'object') await until(session.url + probe.path, probe.ok);
  else if (pid)
    await until(`${session.url}/api/boot`, (answer) => answer.status === 200 && answer.text !== pid);
  else await session.running.waitFor(/up to date|listening on|analysis failed/, mark);
  const ms = performance.now() - started;
  if (/analysis failed/.test(session.running.output.slice(mark)))
    throw new Error(`${project.name} ${edit}: analysis failed\n${session.running.output.slice(mark)}`);
  return ms;
}

function timeSync(command, args, cwd) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const ms = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stdout}${result.stderr}`);
  return { ms, stdout: result.stdout };
}

function testAppMs(project) {
  if (project.name === 'fastify') return timeSync(process.execPath, [TSX, 'src/inject.ts'], project.root).ms;
  // Both svc projects link the package: svcjs/testing and the app's imports are dist/ (one
  // decorator registry).
  const child = join(repoDir, 'bench', 'dev-loop', 'test-app-child.mjs');
  const testing = join(svcDir, 'dist/testing/index.js');
  return timeSync(process.execPath, [child, testing, project.root, project.probe], project.root).ms;
}

function buildMs(project) {
  if (project.name === 'fastify')
    return timeSync(process.execPath, [TSC, '-p', project.root], project.root).ms;
  return timeSync(process.execPath, [CLI, 'build', '--root', project.root], project.root).ms;
}

async function round(project, index, record) {
  const pristine = new Map(project.sources.map((file) => [file, readFileSync(file, 'utf8')]));
  rmSync(join(project.root, '.svc'), { recursive: true, force: true });
  const cold = await launch(project);
  await cold.running.stop();
  record('launch cold', cold.ms);
  const warm = await launch(project);
  record('launch warm', warm.ms);
  if (project.name !== 'fastify') {
    // A warm start answers before its analysis is done; edits are timed from an idle loop.
    await warm.running.waitFor(/svc: watching /);
    record('launch warm → analysis done', performance.now() - warm.started);
  }
  for (const edit of EDITS) record(`edit ${edit}`, await timeEdit(project, warm, edit, index));
  await warm.running.stop();
  for (const [file, text] of pristine) spawnSync('cp', ['/dev/stdin', file], { input: text });
  rmSync(join(project.root, '.svc', 'test-cache'), { recursive: true, force: true });
  record('createTestApp + inject, cold', testAppMs(project));
  record('createTestApp + inject, warm', testAppMs(project));
  record('build', buildMs(project));
}

const makers = { example: exampleProject, '300×10': generatedProject, fastify: fastifyProject };
const results = {};
const work = mkdtempSync(join(tmpdir(), 'svc-dev-loop-'));
try {
  for (const [name, make] of Object.entries(makers)) {
    if (ONLY && !ONLY.includes(name)) continue;
    const project = make(join(work, name.replace('×', 'x')));
    const figures = (results[name] = { load: [loadAverage()] });
    const record = (label, ms) => (figures[label] ??= []).push(ms);
    for (let index = 0; index < ROUNDS; index++) {
      await round(project, index, record);
      console.error(`dev-loop: ${name} round ${index + 1}/${ROUNDS} (load ${loadAverage()})`);
    }
    figures.load.push(loadAverage());
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(
  `svc from ${svcDir}; dev loop, median of ${ROUNDS} rounds, ms (load average at start → end of each project)\n`,
);
for (const [name, figures] of Object.entries(results)) {
  console.log(`${name} (load ${figures.load.join(' → ')})`);
  for (const [label, values] of Object.entries(figures)) {
    if (label !== 'load')
      console.log(
        `  ${label.padEnd(32)} ${Math.round(median(values))}  [${values.map(Math.round).join(' ')}]`,
      );
  }
}
