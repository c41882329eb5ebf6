// Hono's SSE helper (hono/streaming) on @hono/node-server, the way its docs show.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { serve } from '@hono/node-server';
import { benchPort } from './serve.mjs';

const app = new Hono();
app.get('/events', (c) =>
  streamSSE(c, async (stream) => {
    let aborted = false;
    stream.onAbort(() => {
      aborted = true;
    });
    for (let n = 0; !aborted; n++) await stream.writeSSE({ data: JSON.stringify({ n }) });
  }),
);
app.get('/events/idle', (c) =>
  streamSSE(c, async (stream) => {
    await stream.writeSSE({ data: JSON.stringify({ n: 0 }) });
    await new Promise((resolve) => stream.onAbort(resolve));
  }),
);
serve({ fetch: app.fetch, port: benchPort(), hostname: '127.0.0.1' });
