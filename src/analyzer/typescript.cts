/**
 * The TypeScript compiler, as every file of svc takes it. Loaded with `require`: imported as an
 * ES module, Node 20 would first read all 9 MB of typescript.js twice more (once to tell its
 * module format, once to list its named exports), which cost about 320 ms of every `svc dev`,
 * `svc build` and cold `createTestApp` (Node 20: ~520 ms to import it, ~200 ms to require it).
 */
// First, so that `require` below finds the compiler already loaded through V8's code cache.
import './typescript-code-cache.cjs';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the point of this file
import ts = require('typescript');
export = ts;
