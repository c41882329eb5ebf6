// Builds the svc bench apps (bench/apps/svc-<scenario>) with the real svc CLI. Filled in
// once the CLI and runtime have landed.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));
const repoDir = dirname(benchDir);

export function prepareSvc() {
  if (!existsSync(join(repoDir, 'dist', 'cli', 'main.js'))) {
    throw new Error('svc is not built: run `npm run build` at the repository root first');
  }
}

export function svcServerArgs(scenario) {
  return [join(benchDir, 'servers', 'svc.mjs'), scenario];
}
