// Compiles the Nest servers (TypeScript with emitDecoratorMetadata, which Nest's DI and
// ValidationPipe need) into bench/build/nest with the TypeScript that bench installs.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nestRoutesSource } from './gen-routes.mjs';

const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));
let built;

export function prepareNest() {
  built ??= build();
  if (built !== true) throw built;
}

function build() {
  const srcDir = join(benchDir, 'servers', 'nest');
  writeFileSync(join(srcDir, 'routes.ts'), nestRoutesSource());
  const tsc = join(benchDir, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(srcDir, 'tsconfig.json')], {
    encoding: 'utf8',
  });
  if (result.status !== 0)
    return new Error(`tsc for the Nest servers failed:\n${result.stdout}${result.stderr}`);
  return true;
}
