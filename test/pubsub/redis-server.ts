/**
 * A real redis-server (Debian's package) for the PubSub tests: started on a free loopback port
 * with no persistence, killed and restarted on the same port, frozen (SIGSTOP) and thawed, and
 * watched through a MONITOR connection so a test can wait for a subscription count without sleeping.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createClient } from '@redis/client';

const newClient = (url: string) => createClient({ url });
type Client = ReturnType<typeof newClient>;

/** A port nothing listens on right now (the kernel's choice, released at once). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export class RedisServer {
  private process: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.restart();
    return server;
  }

  /** A server on a free port that is not started yet (`restart()` starts it). */
  static async notStarted(): Promise<RedisServer> {
    return new RedisServer(await freePort());
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server on this port; resolves once it accepts connections. */
  async restart(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.process = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
    });
    child.removeAllListeners('exit');
  }

  /** SIGKILL, as a crash: clients see their connections cut. Resolves once the process is gone. */
  async kill(): Promise<void> {
    const child = this.process;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /**
   * SIGSTOP: the server stops answering but its sockets stay open (the kernel still accepts and
   * acknowledges), as with a host that froze or a link that went dead. Resolves once stopped.
   */
  async freeze(): Promise<void> {
    const pid = this.pid();
    process.kill(pid, 'SIGSTOP');
    while (!stopped(pid)) await nextTurn();
  }

  /** SIGCONT: the server reads what arrived meanwhile and answers it. Resolves once running. */
  async thaw(): Promise<void> {
    const pid = this.pid();
    process.kill(pid, 'SIGCONT');
    while (stopped(pid)) await nextTurn();
  }

  private pid(): number {
    const pid = this.process?.pid;
    if (pid === undefined || this.process?.exitCode !== null) throw new Error('redis-server is not running');
    return pid;
  }

  /** A client of this server (connected), for test-side commands. */
  async client(): Promise<Client> {
    const client = newClient(this.url);
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }
}

/** The kernel's word on the process state (`/proc/<pid>/stat`, the field after the name): `T` is stopped. */
function stopped(pid: number): boolean {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
}

/**
 * Counts of subscribers per channel as Redis sees them (`PUBSUB NUMSUB`), re-read on every
 * (UN)SUBSCRIBE command a MONITOR connection reports, so waiting for a count needs no timer.
 */
export class SubscriptionWatch {
  private listeners: (() => void)[] = [];

  private constructor(
    private readonly commands: Client,
    private readonly monitor: Client,
  ) {}

  static async open(server: RedisServer): Promise<SubscriptionWatch> {
    const watch = new SubscriptionWatch(await server.client(), await server.client());
    await watch.monitor.monitor((line: string) => {
      if (/"(un)?subscribe"/i.test(line)) for (const listener of watch.listeners) listener();
    });
    return watch;
  }

  async count(channel: string): Promise<number> {
    const counts = (await this.commands.PUBSUB_NUMSUB(channel)) as Record<string, number>;
    return Number(counts[channel] ?? 0);
  }

  /** Resolves once `channel` has exactly `expected` subscribers; rejects after `timeoutMs`. */
  waitForCount(channel: string, expected: number, timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      let last = -1;
      const check = (): void => {
        void this.count(channel).then((count) => {
          last = count;
          if (count !== expected) return;
          cleanup();
          resolve();
        }, reject);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`'${channel}' kept ${last} subscribers, expected ${expected}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((listener) => listener !== check);
      };
      this.listeners.push(check);
      check();
    });
  }

  async close(): Promise<void> {
    this.commands.destroy();
    this.monitor.destroy();
  }
}
