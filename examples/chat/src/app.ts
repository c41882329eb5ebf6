import { ApiInfo, App } from 'svcjs';

/**
 * One process needs nothing more. `svc start --workers 4` shares rooms between the workers;
 * `SVC_REDIS_URL=redis://127.0.0.1:6379` (or `pubsub: { redis }` here) shares them between
 * processes and machines.
 */
@App({ prefix: '/api', port: 8080 })
@ApiInfo({
  title: 'Chat',
  version: '1.0.0',
  description: 'Rooms over server-sent events and WebSocket; messages posted over HTTP.',
})
export class ChatApp {}
