import { App } from 'svcjs';

// Served at the root like the throughput apps; the options under test (requestLog,
// compression) are given to createApp by ../server.mjs, which wins over @App.
@App({ prefix: '' })
export class ProductionBenchApp {}
