// On a fresh clone bench/node_modules is missing: install it from bench's own lockfile so
// the peers never enter the root package.json.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export function ensureBenchDeps(benchDir) {
  if (existsSync(join(benchDir, 'node_modules', 'autocannon', 'package.json'))) return;
  console.error('bench: installing bench dependencies (npm ci --prefix bench) ...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--prefix', benchDir, '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`npm ci --prefix ${benchDir} failed with status ${result.status}`);
}
