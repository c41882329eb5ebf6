// Stream benches: SSE events per second on one connection, and how many WebSocket
// connections one server process holds, with its RSS per connection.
// Runnable alone: `node bench/streams.mjs [--quick]`.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout, clearTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { freePort, startProcess, stopProcess, waitForPort } from './lib/proc.mjs';
import { median, roundOrder } from './lib/stats.mjs';
import { appDir, buildSvcApps } from './lib/svc-build.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const BASE_PORT = 21300;

const servers = [
  { name: 'node', label: 'node:http + ws', args: [join(benchDir, 'servers', 'streams-node.mjs')], ws: true },
  { name: 'svc', label: 'svc', args: [join(appDir('streams'), 'dist', 'main.mjs')], ws: true, svc: true },
  { name: 'hono', label: 'Hono', args: [join(benchDir, 'servers', 'streams-hono.mjs')], ws: false },
];

/** Counts SSE events (blank-line terminated frames) arriving on one connection for `seconds`. */
function countEvents(port, seconds) {
  return new Promise((resolve, reject) => {
    let events = 0;
    let counting = false;
    let previous = '';
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
    setTimeout(() => (counting = true), 500);
    setTimeout(
      () => {
        req.destroy();
        resolve(events / seconds);
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
      const rate = await withServer(server, config, (_proc, port) => countEvents(port, config.duration));
      rounds[server.name].push(rate);
      console.error(`  sse round ${round + 1} ${server.name.padEnd(5)} ${Math.round(rate)} events/s`);
    }
  }
  return Object.fromEntries(chosen.map((s) => [s.label, median(rounds[s.name])]));
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

async function wsHold(proc, port, target) {
  await sleep(500);
  const before = rssBytes(proc.child.pid);
  const sockets = [];
  for (let opened = 0; opened < target; opened += 250) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(250, target - opened) }, () => openEcho(port)),
    );
    sockets.push(...batch.filter(Boolean));
  }
  await sleep(1000);
  const held = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
  const after = rssBytes(proc.child.pid);
  for (const socket of sockets) socket.terminate();
  return {
    attempted: target,
    connections: held,
    rssBeforeMiB: before / 2 ** 20,
    rssAfterMiB: after / 2 ** 20,
    rssPerConnectionKiB: (after - before) / held / 1024,
  };
}

async function wsBench(chosen, config) {
  const out = {};
  for (const server of chosen.filter((s) => s.ws)) {
    out[server.label] = await withServer(server, config, (proc, port) =>
      wsHold(proc, port, config.wsConnections),
    );
    const r = out[server.label];
    console.error(
      `  websocket ${server.name.padEnd(5)} ${r.connections}/${r.attempted} held, ${r.rssPerConnectionKiB.toFixed(1)} KiB RSS each`,
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
  const websocket = await wsBench(chosen, config);
  return { sse, websocket };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { readConfig } = await import('./lib/config.mjs');
  const { streamsTable } = await import('./lib/report.mjs');
  const { pinSelf } = await import('./lib/proc.mjs');
  const config = readConfig();
  pinSelf(config.pin);
  console.log(streamsTable(await runStreamsBench(config)));
}
