/**
 * `svc start --workers N`: N server processes sharing one port through node:cluster. Each worker
 * runs the generated entry directly. A worker that dies after it was serving is replaced; one
 * that dies before it ever listened means the app cannot start, so everything stops (exit 1).
 * "listening" is printed once all N workers listen.
 * The primary also relays PubSub messages: what one worker publishes goes to every other worker.
 */
import cluster, { type Worker } from 'node:cluster';
import { isRelayMessage, PUBSUB_RELAY_ENV, type RelayMessage } from '../runtime/pubsub/cluster.js';
import { isListening, STOP_GRACE_MS } from './child.js';
import { formatRouteTable } from './route-table.js';
import { waitForShutdown } from './signals.js';

export interface ClusterOptions {
  entry: string;
  env: NodeJS.ProcessEnv;
  workers: number;
}

export function runCluster(options: ClusterOptions): Promise<number> {
  cluster.setupPrimary({ exec: options.entry, args: [] });
  const served = new WeakSet<Worker>();
  // Announced once every first-generation worker listens, so a client that reads the line can
  // reach all of them (a replacement worker later on is not announced again).
  let listening = 0;
  let announced = false;
  let stopping = false;
  return new Promise((resolve) => {
    const stopAll = (code: number) => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      if (workers.length === 0) return resolve(code);
      cluster.on('exit', () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve(code);
      });
      for (const worker of workers) stopWorker(worker);
    };
    const fork = () => {
      const worker = cluster.fork({ ...options.env, [PUBSUB_RELAY_ENV]: '1' });
      worker.on('message', (message: unknown) => {
        if (isRelayMessage(message)) return relay(worker, message);
        if (!isListening(message)) return;
        served.add(worker);
        listening++;
        if (announced || listening < options.workers) return;
        announced = true;
        const table = formatRouteTable(message.routes);
        process.stdout.write(`${table}svc: listening on ${message.url} with ${options.workers} workers\n`);
      });
    };
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      process.stderr.write(`svc: worker ${worker.process.pid} exited (${code ?? signal})\n`);
      if (served.has(worker)) fork();
      else stopAll(1);
    });
    void waitForShutdown().then(() => stopAll(0));
    for (let index = 0; index < options.workers; index++) fork();
  });
}

/** Hands a worker's PubSub message to every other live worker (the sender delivered it itself). */
function relay(from: Worker, message: RelayMessage): void {
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (worker === undefined || worker === from || !worker.isConnected()) continue;
    // A worker that is exiting may refuse it; the callback keeps that from becoming an 'error' event.
    worker.send(message, undefined, undefined, () => undefined);
  }
}

function stopWorker(worker: Worker): void {
  worker.process.kill('SIGTERM');
  setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS).unref();
}
