// The production bench app served with the options given as JSON in argv[2] (createApp's
// argument wins over @App): `{"requestLog":true,"compression":false}`. Prints the port.
import { fileURLToPath } from 'node:url';
// This checkout's svc: the very module the compiled app's `svcjs` (a symlink here) resolves to.
import { createApp } from '../../dist/index.js';

const dist = fileURLToPath(new URL('./app/dist/', import.meta.url));
const options = JSON.parse(process.argv[2] ?? '{}');
const app = await createApp({ model: `${dist}app-model.json`, baseDir: dist, root: dist, ...options });
const { port } = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`port ${port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
