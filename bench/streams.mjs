// Stream benches: SSE events per second on one connection (and per second of the server's CPU),
// and how many idle connections one server process holds, with its RSS per connection: WebSocket
// echo connections, and SSE streams that sent one event and wait.
// Runnable alone: `node bench/streams.mjs [--quick]`.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout, clearTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { cpuSeconds, freePort, startProcess, stopProcess, waitForPort } from './lib/proc.mjs';
import { median, roundOrder } from './lib/stats.mjs';
import { appDir, buildSvcApps } from './lib/svc-build.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const BASE_PORT = 21300;

const servers = [
  { name: 'node', label: 'node:http + ws', args: [join(benchDir, 'servers', 'streams-node.mjs')], ws: true },
  { name: 'svc', label: 'svc', args: [join(appDir('streams'), 'dist', 'main.mjs')], ws: true, svc: true },
  { name: 'hono', label: 'Hono', args: [join(benchDir, 'servers', 'streams-hono.mjs')], ws: false },
];

/**
 * Counts SSE events (blank-line terminated frames) arriving on one connection for `seconds`, and
 * the server's CPU seconds over the same window.
 */
function countEvents(port, seconds, pid) {
  return new Promise((resolve, reject) => {
    let events = 0;
    let counting = false;
    let previous = '';
    let cpuAtStart = NaN;
    const req = request(
      { port, host: '127.0.0.1', path: '/events', headers: { accept: 'text/event-stream' } },
      (res) => {
        res.on('data', (chunk) => {
          const text = previous + chunk.toString('latin1');
          for (let i = text.indexOf('\n\n'); i !== -1; i = text.indexOf('\n\n', i + 2))
            if (counting) events++;
          previous = text.endsWith('\n') ? '\n' : '';
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
    req.end();
    // Half a second to get going, then the counted window.
    setTimeout(() => {
      counting = true;
      cpuAtStart = cpuSeconds(pid);
    }, 500);
    setTimeout(
      () => {
        const cpu = cpuSeconds(pid) - cpuAtStart;
        req.destroy();
        resolve({ perSecond: events / seconds, perCpuSecond: events / cpu });
      },
      500 + seconds * 1000,
    );
  });
}

async function withServer(server, config, fn) {
  const port = await freePort(BASE_PORT);
  const proc = startProcess({ args: server.args, port, pin: config.pin, cwd: benchDir });
  try {
    await waitForPort(proc, port);
    return await fn(proc, port);
  } finally {
    await stopProcess(proc);
  }
}

async function sseBench(chosen, config) {
  const rounds = Object.fromEntries(chosen.map((s) => [s.name, []]));
  for (let round = 0; round < config.rounds; round++) {
    for (const server of roundOrder(chosen, round)) {
      const rate = await withServer(server, config, (proc, port) =>
        countEvents(port, config.duration, proc.child.pid),
      );
      rounds[server.name].push(rate);
      console.error(
        `  sse round ${round + 1} ${server.name.padEnd(5)} ${Math.round(rate.perSecond)} events/s, ${Math.round(rate.perCpuSecond)} per CPU s`,
      );
    }
  }
  const medianOf = (key) =>
    Object.fromEntries(chosen.map((s) => [s.label, median(rounds[s.name].map((r) => r[key]))]));
  return { perSecond: medianOf('perSecond'), perCpuSecond: medianOf('perCpuSecond') };
}

function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

/** Opens one connection and waits for its echo: a connection counts only once it answers. */
function openEcho(port) {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const timer = setTimeout(() => resolve(socket.terminate() ?? null), 20_000);
    socket.once('open', () => socket.send('ping'));
    socket.once('message', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
}

/** Opens one SSE stream and waits for its first event: a stream counts only once it sent one. */
function openIdleStream(port) {
  return new Promise((resolve) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        path: '/events/idle',
        agent: false,
        headers: { accept: 'text/event-stream' },
      },
      (res) => {
        res.on('error', () => {});
        res.once('data', () => {
          clearTimeout(timer);
          resolve(req);
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      resolve(null);
    }, 20_000);
    req.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    req.end();
  });
}

const webSocketHeld = {
  open: openEcho,
  isOpen: (socket) => socket.readyState === WebSocket.OPEN,
  close: (socket) => socket.terminate(),
};

const sseHeld = {
  open: openIdleStream,
  isOpen: (req) => !req.destroyed && req.socket?.destroyed === false,
  close: (req) => req.destroy(),
};

/** Opens `target` connections of one kind in batches of 250, holds them a second, and reads the RSS. */
async function holdConnections(proc, port, target, kind) {
  await sleep(500);
  const before = rssBytes(proc.child.pid);
  const opened = [];
  for (let count = 0; count < target; count += 250) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(250, target - count) }, () => kind.open(port)),
    );
    opened.push(...batch.filter(Boolean));
  }
  await sleep(1000);
  const held = opened.filter(kind.isOpen).length;
  const after = rssBytes(proc.child.pid);
  for (const connection of opened) kind.close(connection);
  return {
    attempted: target,
    connections: held,
    rssBeforeMiB: before / 2 ** 20,
    rssAfterMiB: after / 2 ** 20,
    rssPerConnectionKiB: (after - before) / held / 1024,
  };
}

async function holdBench(chosen, config, what, kind) {
  const out = {};
  for (const server of chosen) {
    out[server.label] = await withServer(server, config, (proc, port) =>
      holdConnections(proc, port, config.wsConnections, kind),
    );
    const r = out[server.label];
    console.error(
      `  ${what} ${server.name.padEnd(5)} ${r.connections}/${r.attempted} held, ${r.rssPerConnectionKiB.toFixed(1)} KiB RSS each`,
    );
  }
  return out;
}

export async function runStreamsBench(config) {
  let chosen = servers.filter((s) => !config.servers || config.servers.includes(s.name));
  try {
    if (chosen.some((s) => s.svc)) buildSvcApps(['streams'], config);
  } catch (error) {
    console.error(
      `streams: svc left out: ${String(error.message ?? error)
        .split('\n')
        .slice(0, 6)
        .join('\n')}`,
    );
    chosen = chosen.filter((s) => !s.svc);
  }
  console.error('streams: SSE events per second on one connection');
  const sse = await sseBench(chosen, config);
  console.error(`streams: ${config.wsConnections} WebSocket connections per server`);
  const websocket = await holdBench(
    chosen.filter((s) => s.ws),
    config,
    'websocket',
    webSocketHeld,
  );
  console.error(`streams: ${config.wsConnections} idle SSE streams per server`);
  const sseIdle = await holdBench(chosen, config, 'sse idle ', sseHeld);
  return { sse: sse.perSecond, ssePerCpuSecond: sse.perCpuSecond, websocket, sseIdle };
}

/** The figures the shared streams table leaves out: SSE per CPU second, idle SSE streams held. */
function moreStreamsTable(streams) {
  const labels = Object.keys(streams.ssePerCpuSecond);
  const row = (name, values) => `| ${name} | ${values.join(' | ')} |`;
  return [
    row('more', labels),
    `|---|${labels.map(() => '---:').join('|')}|`,
    row(
      'SSE events per server CPU s',
      labels.map((l) => Math.round(streams.ssePerCpuSecond[l]).toLocaleString('en-US')),
    ),
    row(
      'idle SSE streams held',
      labels.map((l) => streams.sseIdle[l]?.connections ?? 'n/a'),
    ),
    row(
      'idle SSE RSS per stream',
      labels.map((l) => `${streams.sseIdle[l]?.rssPerConnectionKiB.toFixed(1) ?? 'n/a'} KiB`),
    ),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { readConfig } = await import('./lib/config.mjs');
  const { streamsTable } = await import('./lib/report.mjs');
  const { pinSelf } = await import('./lib/proc.mjs');
  const config = readConfig();
  pinSelf(config.pin);
  const streams = await runStreamsBench(config);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`${streamsTable(streams)}\n\n${moreStreamsTable(streams)}\n\nload average at the end: ${load}`);
}
