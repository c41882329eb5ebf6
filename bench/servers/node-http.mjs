// Raw node:http: the baseline every ratio is taken against. Hand-written the way one would
// without a framework: a switch on the path, manual parsing, manual checks.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { TOKENS, ROUTE_RESOURCES, ROUTES_PER_RESOURCE, routeAnswer, storedRows } from '../lib/scenarios.mjs';
import { toPublicRow } from './public-row.mjs';
import { listen, scenarioArg } from './serve.mjs';
import { isValidUser } from './validate-user.mjs';

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function notFound(res) {
  sendJson(res, 404, { error: 'not found' });
}

function readJson(req, res, onBody) {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
    return sendJson(res, 415, { error: 'json only' });
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let value;
    try {
      value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return sendJson(res, 400, { error: 'malformed JSON' });
    }
    onBody(value);
  });
}

const handlers = {
  hello: (req, res) =>
    req.method === 'GET' && req.url === '/hello' ? sendJson(res, 200, { hello: 'world' }) : notFound(res),

  params(req, res) {
    const parts = req.url.split('/');
    if (req.method !== 'GET' || parts.length !== 5 || parts[1] !== 'users' || parts[3] !== 'posts')
      return notFound(res);
    sendJson(res, 200, { userId: decodeURIComponent(parts[2]), postId: decodeURIComponent(parts[4]) });
  },

  query(req, res) {
    const url = new URL(req.url, 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/search') return notFound(res);
    const q = url.searchParams.get('q');
    const limit = Number(url.searchParams.get('limit'));
    const active = url.searchParams.get('active');
    if (q === null || !Number.isInteger(limit) || (active !== 'true' && active !== 'false')) {
      return sendJson(res, 400, { error: 'bad query' });
    }
    sendJson(res, 200, { q, limit, active: active === 'true' });
  },

  body(req, res) {
    if (req.method !== 'POST' || req.url !== '/users') return notFound(res);
    readJson(req, res, (user) =>
      isValidUser(user)
        ? sendJson(res, 201, { id: 1, ...user })
        : sendJson(res, 400, { error: 'invalid user' }),
    );
  },

  routes: routesHandler(),

  guard(req, res) {
    if (req.method !== 'GET' || req.url !== '/account/me') return notFound(res);
    const auth = req.headers.authorization;
    const user = auth?.startsWith('Bearer ') ? TOKENS.get(auth.slice(7)) : undefined;
    if (user === undefined) return sendJson(res, 401, { error: 'unauthorized' });
    sendJson(res, 200, { user });
  },

  list: listHandler(),
};

function listHandler() {
  const rows = storedRows();
  return (req, res) =>
    req.method === 'GET' && req.url === '/list' ? sendJson(res, 200, rows.map(toPublicRow)) : notFound(res);
}

/** 500 routes without a router library: a Map from the path's fixed part to its answer. */
function routesHandler() {
  const table = new Map();
  for (let r = 0; r < ROUTE_RESOURCES; r++) {
    for (let a = 0; a < ROUTES_PER_RESOURCE / 2; a++) {
      table.set(`/res${r}/static${a}`, { resource: r, action: a, param: false });
      table.set(`/res${r}/item${a}`, { resource: r, action: a, param: true });
    }
  }
  return (req, res) => {
    const path = req.url;
    let route = table.get(path);
    if (route !== undefined && !route.param)
      return sendJson(res, 200, routeAnswer(route.resource, route.action));
    const slash = path.lastIndexOf('/');
    route = table.get(path.slice(0, slash));
    if (req.method !== 'GET' || route === undefined || !route.param) return notFound(res);
    sendJson(res, 200, routeAnswer(route.resource, route.action, decodeURIComponent(path.slice(slash + 1))));
  };
}

const handler = handlers[scenarioArg()];
await listen(createServer(handler));
