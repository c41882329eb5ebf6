// Builds the svc bench apps (bench/apps/svc-<scenario>) with the real svc CLI, as a user
// would: `svc build --root <app>`, then the server is the generated `dist/main.mjs`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { svcRoutesSource } from './gen-routes.mjs';
import { scenarios } from './scenarios.mjs';

const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));
const repoDir = dirname(benchDir);
const appsDir = join(benchDir, 'apps');
let built;

export const appDir = (scenario) => join(appsDir, `svc-${scenario}`);

/** The compiled apps import `svc` by name: link this checkout in as bench/apps/node_modules/svc. */
function linkSvc() {
  const link = join(appsDir, 'node_modules', 'svc');
  mkdirSync(dirname(link), { recursive: true });
  rmSync(link, { force: true, recursive: true });
  symlinkSync(repoDir, link, 'dir');
}

function ensureSvcBuilt() {
  if (existsSync(join(repoDir, 'dist', 'cli', 'main.js')) && existsSync(join(repoDir, 'dist', 'index.js')))
    return;
  console.error('bench: svc is not built; running `npm run build` at the repository root ...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('`npm run build` failed');
}

function buildApp(scenario) {
  const cli = join(repoDir, 'dist', 'cli', 'main.js');
  const result = spawnSync(process.execPath, [cli, 'build', '--root', appDir(scenario)], {
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`svc build of apps/svc-${scenario} failed:\n${result.stdout}${result.stderr}`);
}

/** Builds the named apps (`svc-<name>`) with the svc CLI, building svc itself first if needed. */
export function buildSvcApps(names) {
  ensureSvcBuilt();
  linkSvc();
  mkdirSync(join(appDir('routes'), 'src', 'generated'), { recursive: true });
  writeFileSync(join(appDir('routes'), 'src', 'generated', 'controllers.ts'), svcRoutesSource());
  for (const name of names) buildApp(name);
}

export function prepareSvc(config) {
  const names = scenarios
    .map((s) => s.name)
    .filter((n) => !config?.scenarios || config.scenarios.includes(n));
  if (built === undefined) {
    try {
      buildSvcApps(names);
      built = true;
    } catch (error) {
      built = error;
    }
  }
  if (built !== true) throw built;
}

export function svcServerArgs(scenario) {
  return [join(appDir(scenario), 'dist', 'main.mjs')];
}
