// Express 5, written the way its guide shows: app.get/post with route params, req.query,
// express.json() for the body, a middleware function for auth. Express has no validation of
// its own; the handler checks the body by hand.
import express from 'express';
import { TOKENS, routeTable, routeAnswer, storedRows } from '../lib/scenarios.mjs';
import { toPublicRow } from './public-row.mjs';
import { benchPort, scenarioArg } from './serve.mjs';
import { isValidUser } from './validate-user.mjs';

const app = express();
app.disable('x-powered-by');
app.set('etag', false);

const setups = {
  hello: () => app.get('/hello', (_req, res) => res.json({ hello: 'world' })),
  params: () =>
    app.get('/users/:userId/posts/:postId', (req, res) =>
      res.json({ userId: req.params.userId, postId: req.params.postId }),
    ),
  query: () =>
    app.get('/search', (req, res) => {
      const { q, limit, active } = req.query;
      const n = Number(limit);
      if (typeof q !== 'string' || !Number.isInteger(n) || (active !== 'true' && active !== 'false')) {
        return res.status(400).json({ error: 'bad query' });
      }
      res.json({ q, limit: n, active: active === 'true' });
    }),
  body: () =>
    app.post('/users', express.json(), (req, res) => {
      if (!isValidUser(req.body)) return res.status(400).json({ error: 'invalid user' });
      res.status(201).json({ id: 1, ...req.body });
    }),
  routes: () => {
    for (const route of routeTable()) {
      app.get(route.path, (req, res) => res.json(routeAnswer(route.resource, route.action, req.params.id)));
    }
  },
  guard: () => {
    const requireBearer = (req, res, next) => {
      const auth = req.get('authorization');
      const user = auth?.startsWith('Bearer ') ? TOKENS.get(auth.slice(7)) : undefined;
      if (user === undefined) return res.status(401).json({ error: 'unauthorized' });
      res.locals.user = user;
      next();
    };
    app.get('/account/me', requireBearer, (_req, res) => res.json({ user: res.locals.user }));
  },
  list: () => {
    const rows = storedRows();
    app.get('/list', (_req, res) => res.json(rows.map(toPublicRow)));
  },
};

setups[scenarioArg()]();
app.listen(benchPort(), '127.0.0.1');
