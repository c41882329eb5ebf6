import { App } from 'svcjs';

// The peers serve at the root, so the bench apps turn svc's default /api prefix off.
// No request log either: none of the peers logs requests as measured (Fastify's logger is off
// by default; Express, Hono and node:http have none).
@App({ prefix: '', requestLog: false })
export class BenchApp {}
