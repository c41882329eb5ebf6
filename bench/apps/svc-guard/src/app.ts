import { App } from 'svcjs';

// The peers serve at the root, so the bench apps turn svc's default /api prefix off.
@App({ prefix: '' })
export class BenchApp {}
