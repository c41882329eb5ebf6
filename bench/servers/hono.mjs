// Hono 4 on @hono/node-server, the way its docs show: c.json, c.req.param/query, the
// validator middleware for the body, the bearerAuth middleware for the guard.
import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { validator } from 'hono/validator';
import { serve } from '@hono/node-server';
import { TOKENS, routeTable, routeAnswer, storedRows } from '../lib/scenarios.mjs';
import { toPublicRow } from './public-row.mjs';
import { benchPort, scenarioArg } from './serve.mjs';
import { isValidUser } from './validate-user.mjs';

const app = new Hono();

const setups = {
  hello: () => app.get('/hello', (c) => c.json({ hello: 'world' })),
  params: () => app.get('/users/:userId/posts/:postId', (c) => c.json(c.req.param())),
  query: () =>
    app.get('/search', (c) => {
      const { q, limit, active } = c.req.query();
      const n = Number(limit);
      if (q === undefined || !Number.isInteger(n) || (active !== 'true' && active !== 'false')) {
        return c.json({ error: 'bad query' }, 400);
      }
      return c.json({ q, limit: n, active: active === 'true' });
    }),
  body: () =>
    app.post(
      '/users',
      validator('json', (value, c) => (isValidUser(value) ? value : c.json({ error: 'invalid user' }, 400))),
      (c) => c.json({ id: 1, ...c.req.valid('json') }, 201),
    ),
  routes: () => {
    for (const route of routeTable()) {
      app.get(route.path, (c) => c.json(routeAnswer(route.resource, route.action, c.req.param('id'))));
    }
  },
  guard: () => {
    const verifyToken = (token, c) => {
      const user = TOKENS.get(token);
      if (user !== undefined) c.set('user', user);
      return user !== undefined;
    };
    app.get('/account/me', bearerAuth({ verifyToken }), (c) => c.json({ user: c.get('user') }));
  },
  list: () => {
    const rows = storedRows();
    app.get('/list', (c) => c.json(rows.map(toPublicRow)));
  },
};

setups[scenarioArg()]();
serve({ fetch: app.fetch, port: benchPort(), hostname: '127.0.0.1' });
