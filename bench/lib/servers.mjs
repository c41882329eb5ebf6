// The servers measured, in table order. `prepare` runs once before any scenario (a build);
// a server whose prepare fails is left out of the run with the reason printed.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { prepareNest } from './nest-build.mjs';
import { prepareSvc, svcServerArgs } from './svc-build.mjs';

const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));
const serverFile = (file) => join(benchDir, 'servers', file);

export const BASELINE = 'node';

export const servers = [
  { name: 'node', label: 'node:http', args: (s) => [serverFile('node-http.mjs'), s] },
  { name: 'svc', label: 'svc', prepare: prepareSvc, args: svcServerArgs },
  { name: 'fastify', label: 'Fastify', args: (s) => [serverFile('fastify.mjs'), s] },
  { name: 'hono', label: 'Hono', args: (s) => [serverFile('hono.mjs'), s] },
  { name: 'express', label: 'Express 5', args: (s) => [serverFile('express.mjs'), s] },
  {
    name: 'nest-express',
    label: 'Nest (Express)',
    prepare: prepareNest,
    args: (s) => [join(benchDir, 'build', 'nest', 'main.js'), s, 'express'],
  },
  {
    name: 'nest-fastify',
    label: 'Nest (Fastify)',
    prepare: prepareNest,
    args: (s) => [join(benchDir, 'build', 'nest', 'main.js'), s, 'fastify'],
  },
];

export { benchDir };
