// The throughput scenarios every server implements. Each has the request(s) autocannon sends
// and the exact answer a correct server gives, which the harness checks once per server
// before measuring so that no server is timed doing less work than the others.

export const TOKENS = new Map([
  ['s3cr3t-token-alice', 'alice'],
  ['s3cr3t-token-bob', 'bob'],
]);

/** 50 resources × 10 routes = 500 routes: five static and five with a path param each. */
export const ROUTE_RESOURCES = 50;
export const ROUTES_PER_RESOURCE = 10;

export function routeTable() {
  const routes = [];
  for (let r = 0; r < ROUTE_RESOURCES; r++) {
    for (let a = 0; a < ROUTES_PER_RESOURCE / 2; a++) {
      routes.push({ resource: r, action: a, kind: 'static', path: `/res${r}/static${a}` });
      routes.push({ resource: r, action: a, kind: 'param', path: `/res${r}/item${a}/:id` });
    }
  }
  return routes;
}

/** The answer of route (r, a): the same JSON shape on every server. */
export function routeAnswer(resource, action, id) {
  return id === undefined ? { resource, action } : { resource, action, id };
}

function spreadRouteRequests() {
  const requests = [];
  // 25 routes spread over the whole table, so a router that is fast only for the first
  // few (or last few) routes registered shows it.
  for (let i = 0; i < 25; i++) {
    const resource = (i * 17) % ROUTE_RESOURCES;
    const action = i % (ROUTES_PER_RESOURCE / 2);
    const isParam = i % 2 === 1;
    const path = isParam ? `/res${resource}/item${action}/${1000 + i}` : `/res${resource}/static${action}`;
    const body = isParam ? routeAnswer(resource, action, String(1000 + i)) : routeAnswer(resource, action);
    requests.push({ method: 'GET', path, expect: { status: 200, json: body } });
  }
  return requests;
}

/**
 * The stored rows of the list scenario: each carries one field more (`secret`) than the type
 * every server declares for its answer, as a database row carries more than its public shape.
 * Built once at start-up by every server, as a cache or a query result would be.
 */
export function storedRows() {
  return Array.from({ length: 100 }, (_, index) => ({
    id: index + 1,
    name: `row ${index + 1}`,
    profile: { city: ['Paris', 'Oslo', 'Lima', 'Pune'][index % 4], score: index * 1.5 },
    createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, index)),
    ...(index % 3 === 0 ? { note: `note ${index}` } : {}),
    secret: `internal-${index}`,
  }));
}

/** What a correct answer holds: the declared fields only, the Date as its ISO string. */
export function listAnswer() {
  return storedRows().map(({ secret: _secret, createdAt, ...row }) => {
    const { note, ...rest } = row;
    return note === undefined
      ? { ...rest, createdAt: createdAt.toISOString() }
      : { ...rest, createdAt: createdAt.toISOString(), note };
  });
}

/** The field no answer may carry: a server that sends it is left out of the list scenario. */
export const UNDECLARED_FIELD = 'secret';

const createUserBody = { name: 'Ada Lovelace', email: 'ada@example.com', age: 36, tags: ['math', 'engines'] };

export const scenarios = [
  {
    name: 'hello',
    title: 'hello-world JSON',
    requests: [{ method: 'GET', path: '/hello', expect: { status: 200, json: { hello: 'world' } } }],
  },
  {
    name: 'params',
    title: 'two path params',
    requests: [
      {
        method: 'GET',
        path: '/users/42/posts/hello-world',
        expect: { status: 200, json: { userId: '42', postId: 'hello-world' } },
      },
    ],
  },
  {
    name: 'query',
    title: 'query with coercion',
    requests: [
      {
        method: 'GET',
        path: '/search?q=bench&limit=25&active=true',
        expect: { status: 200, json: { q: 'bench', limit: 25, active: true } },
      },
    ],
  },
  {
    name: 'body',
    title: 'JSON body POST with validation',
    requests: [
      {
        method: 'POST',
        path: '/users',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(createUserBody),
        expect: { status: 201, json: { id: 1, ...createUserBody } },
      },
    ],
    // Checked once too: each server must really validate (a 400 for a bad body).
    rejects: {
      method: 'POST',
      path: '/users',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...createUserBody, age: -1 }),
      expect: { status: 400 },
    },
  },
  { name: 'routes', title: '500-route app', requests: spreadRouteRequests() },
  {
    name: 'guard',
    title: 'bearer-token guard',
    requests: [
      {
        method: 'GET',
        path: '/account/me',
        headers: { authorization: 'Bearer s3cr3t-token-alice' },
        expect: { status: 200, json: { user: 'alice' } },
      },
    ],
    rejects: { method: 'GET', path: '/account/me', expect: { status: 401 } },
  },
  {
    name: 'list',
    title: 'list of 100 objects',
    requests: [
      {
        method: 'GET',
        path: '/list',
        // The richer-row check: the stored rows carry `secret`, the declared type does not.
        expect: { status: 200, json: listAnswer(), undeclared: UNDECLARED_FIELD },
      },
    ],
  },
];

export function findScenario(name) {
  const scenario = scenarios.find((s) => s.name === name);
  if (!scenario)
    throw new Error(`unknown scenario "${name}" (known: ${scenarios.map((s) => s.name).join(', ')})`);
  return scenario;
}
