// Fastify 5, the way its docs show: routes returning objects, a JSON schema for the body
// and the querystring (Fastify validates and coerces with them), an onRequest hook for auth.
import Fastify from 'fastify';
import { TOKENS, routeTable, routeAnswer, storedRows } from '../lib/scenarios.mjs';
import { benchPort, scenarioArg } from './serve.mjs';

const app = Fastify({ logger: false });

const createUserSchema = {
  body: {
    type: 'object',
    required: ['name', 'email', 'age', 'tags'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      email: { type: 'string', format: 'email' },
      age: { type: 'integer', minimum: 0, maximum: 150 },
      tags: { type: 'array', items: { type: 'string' } },
    },
  },
};

const searchSchema = {
  querystring: {
    type: 'object',
    required: ['q', 'limit', 'active'],
    properties: { q: { type: 'string' }, limit: { type: 'integer' }, active: { type: 'boolean' } },
  },
};

// The response schema is what makes Fastify drop the rows' undeclared field (fast-json-stringify).
const listSchema = {
  response: {
    200: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'profile', 'createdAt'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          profile: {
            type: 'object',
            required: ['city', 'score'],
            properties: { city: { type: 'string' }, score: { type: 'number' } },
          },
          createdAt: { type: 'string', format: 'date-time' },
          note: { type: 'string' },
        },
      },
    },
  },
};

const setups = {
  hello: () => app.get('/hello', async () => ({ hello: 'world' })),
  params: () =>
    app.get('/users/:userId/posts/:postId', async (req) => ({
      userId: req.params.userId,
      postId: req.params.postId,
    })),
  query: () =>
    app.get('/search', { schema: searchSchema }, async (req) => {
      const { q, limit, active } = req.query;
      return { q, limit, active };
    }),
  body: () =>
    app.post('/users', { schema: createUserSchema }, async (req, reply) => {
      reply.code(201);
      return { id: 1, ...req.body };
    }),
  routes: () => {
    for (const route of routeTable()) {
      app.get(route.path, async (req) => routeAnswer(route.resource, route.action, req.params.id));
    }
  },
  guard: () => {
    app.decorateRequest('user', null);
    const requireBearer = async (req, reply) => {
      const auth = req.headers.authorization;
      const user = auth?.startsWith('Bearer ') ? TOKENS.get(auth.slice(7)) : undefined;
      if (user === undefined) return reply.code(401).send({ error: 'unauthorized' });
      req.user = user;
    };
    app.get('/account/me', { onRequest: requireBearer }, async (req) => ({ user: req.user }));
  },
  list: () => {
    const rows = storedRows();
    app.get('/list', { schema: listSchema }, async () => rows);
  },
};

setups[scenarioArg()]();
await app.listen({ port: benchPort(), host: '127.0.0.1' });
