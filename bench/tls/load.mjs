// One load generator for plain HTTP, HTTPS (HTTP/1.1) and HTTP/2, so the three are driven alike:
// `connections` requests always outstanding for `seconds`. HTTP/1.1 keeps `connections` keep-alive
// connections; HTTP/2 spreads them as streams over `sessions` connections. Counts 200 answers.
// Run as a process of its own (`node load.mjs '<json options>'`, the counts printed as JSON), so
// each server of a side-by-side run has its own generator and none waits on another's.
import { Agent as HttpAgent, get as httpGet } from 'node:http';
import { connect } from 'node:http2';
import { Agent as HttpsAgent, get as httpsGet } from 'node:https';

/** `protocol`: 'http', 'https' or 'h2'; `ca`: the PEM the TLS cases trust. */
export async function loadTls({ protocol, port, path, seconds, connections = 25, sessions = 5, ca }) {
  const send =
    protocol === 'h2' ? h2Sender(port, ca, sessions) : http1Sender(protocol, port, ca, connections);
  const until = performance.now() + seconds * 1000;
  const counts = { ok: 0, other: 0, errors: 0 };
  const worker = async (index) => {
    while (performance.now() < until) {
      const status = await send(path, index).catch(() => 0);
      if (status === 200) counts.ok++;
      else if (status === 0) counts.errors++;
      else counts.other++;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, index) => worker(index)));
  send.close();
  return counts;
}

function http1Sender(protocol, port, ca, connections) {
  const secure = protocol === 'https';
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets: connections, ca })
    : new HttpAgent({ keepAlive: true, maxSockets: connections });
  const get = secure ? httpsGet : httpGet;
  const host = secure ? 'localhost' : '127.0.0.1';
  const send = (path) =>
    new Promise((resolve, reject) => {
      get({ host, port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      }).on('error', reject);
    });
  send.close = () => agent.destroy();
  return send;
}

function h2Sender(port, ca, count) {
  const sessions = Array.from({ length: count }, () => connect(`https://localhost:${port}`, { ca }));
  const send = (path, index) =>
    new Promise((resolve, reject) => {
      const stream = sessions[index % count].request({ ':path': path });
      let status = 0;
      stream.on('response', (headers) => (status = headers[':status']));
      stream.on('error', reject);
      stream.resume();
      stream.on('end', () => resolve(status));
    });
  send.close = () => sessions.forEach((session) => session.close());
  return send;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = await loadTls(JSON.parse(process.argv[2]));
  process.stdout.write(JSON.stringify(counts));
}
