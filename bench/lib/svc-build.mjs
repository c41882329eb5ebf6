// Which svc is measured, and the svc bench apps (bench/apps/svc-<scenario>) built with its
// real CLI as a user would: `svc build --root <app>`; the server is the generated dist/main.mjs.
//
// `--svc dist` (default) measures this checkout's dist/ (running `npm run build` if it is
// missing). `--svc head` exports the last commit into bench/build/svc-head and builds it there,
// so a run measures exactly a commit, whatever is half-edited in the working tree.
// `--svc <dir>` measures a package built elsewhere (a directory holding its dist/), so two
// snapshots (before and after a change) can be measured with the same harness.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { svcRoutesSource } from './gen-routes.mjs';
import { scenarios } from './scenarios.mjs';

const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));
const repoDir = dirname(benchDir);
const appsDir = join(benchDir, 'apps');
let svcPackage;
let built;

export const appDir = (scenario) => join(appsDir, `svc-${scenario}`);

function sh(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 2 ** 20, ...options });
  if (result.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result.stdout ?? '';
}

function buildWorkingTree() {
  if (
    !existsSync(join(repoDir, 'dist', 'cli', 'main.js')) ||
    !existsSync(join(repoDir, 'dist', 'index.js'))
  ) {
    console.error('bench: svc is not built; running `npm run build` at the repository root ...');
    sh('npm', ['run', 'build'], { cwd: repoDir, stdio: 'inherit' });
  }
  return { dir: repoDir, commit: `${gitHead()} (working tree dist/)` };
}

function buildHead() {
  const dir = join(benchDir, 'build', 'svc-head');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];
  const archive = spawnSync('git', ['-C', repoDir, 'archive', 'HEAD', ...files], {
    maxBuffer: 256 * 2 ** 20,
  });
  if (archive.status !== 0) throw new Error(`git archive failed: ${archive.stderr}`);
  sh('tar', ['-x', '-C', dir], { input: archive.stdout, encoding: undefined });
  symlinkSync(join(repoDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
  console.error(`bench: building svc at ${gitHead()} in bench/build/svc-head ...`);
  sh(process.execPath, [
    join(repoDir, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    join(dir, 'tsconfig.build.json'),
  ]);
  return { dir, commit: gitHead() };
}

function gitHead() {
  return sh('git', ['-C', repoDir, 'rev-parse', '--short', 'HEAD']).trim();
}

function prebuilt(dir) {
  if (!existsSync(join(dir, 'dist', 'index.js')) || !existsSync(join(dir, 'dist', 'cli', 'main.js')))
    throw new Error(`--svc ${dir}: no built svc there (dist/index.js and dist/cli/main.js)`);
  return { dir, commit: `${dir} (prebuilt)` };
}

/** The svc package to measure: `{ dir, commit }`, built once per run. */
export function svcPackageFor(config) {
  const choice = config?.svc ?? 'dist';
  svcPackage ??=
    choice === 'head' ? buildHead() : choice === 'dist' ? buildWorkingTree() : prebuilt(resolve(choice));
  return svcPackage;
}

/** The svc package measured in this run, if any part built it. */
export const measuredSvc = () => svcPackage;

export const svcCli = (config) => join(svcPackageFor(config).dir, 'dist', 'cli', 'main.js');

/** The compiled apps import `svcjs` by name: link the measured package as bench/apps/node_modules/svcjs. */
function linkSvc(target) {
  const link = join(appsDir, 'node_modules', 'svcjs');
  mkdirSync(dirname(link), { recursive: true });
  rmSync(link, { force: true, recursive: true });
  symlinkSync(target, link, 'dir');
}

/** Builds the named apps (`svc-<name>`) with the svc CLI. */
export function buildSvcApps(names, config) {
  linkSvc(svcPackageFor(config).dir);
  if (names.includes('routes')) {
    mkdirSync(join(appDir('routes'), 'src', 'generated'), { recursive: true });
    writeFileSync(join(appDir('routes'), 'src', 'generated', 'controllers.ts'), svcRoutesSource());
  }
  for (const name of names) sh(process.execPath, [svcCli(config), 'build', '--root', appDir(name)]);
}

export function prepareSvc(config) {
  const names = scenarios
    .map((s) => s.name)
    .filter((n) => !config?.scenarios || config.scenarios.includes(n));
  if (built === undefined) {
    try {
      buildSvcApps(names, config);
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
