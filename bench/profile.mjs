// Summarises a V8 .cpuprofile (from `npm run bench -- --cpu-prof svc`): the functions with
// the most self time, and self time by package. Usage: node bench/profile.mjs <file.cpuprofile> [top=20]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function shortUrl(url) {
  if (!url) return '';
  const path = url.replace(/^file:\/\//, '');
  const inPackage = /^.*\/node_modules\/(.*)$/.exec(path);
  if (inPackage) return `~${inPackage[1]}`;
  return path.replace(/^.*\/(dist|bench)\//, '$1/');
}

/** Self time per function (name + file + line), in milliseconds, largest first. */
export function topSelfTime(profile, top = 20) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  profile.samples.forEach((id, i) =>
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const byFunction = new Map();
  let total = 0;
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = byNode.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    // Idle time (start-up waits, gaps between rounds) would dwarf everything: percentages are of busy time.
    if (functionName !== '(idle)') total += micros;
  }
  byFunction.delete('(idle) ');
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, micros]) => ({ name, ms: micros / 1000, percent: (100 * micros) / total }));
}

/** Where a frame's code lives: a package under node_modules, svc's own dist/ folder, node internals. */
function owner(url, functionName) {
  if (!url) return functionName;
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const svc = /\/dist\/([^/]+)\//.exec(url);
  return svc ? `svc ${svc[1]}` : shortUrl(url);
}

/** Self time summed by owner (package, svc folder, node internals, GC), largest first. */
export function selfTimeByOwner(profile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const { url, functionName } = byNode.get(id).callFrame;
    if (functionName === '(idle)') return;
    const key = owner(url, functionName);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    total += profile.timeDeltas[i] ?? 0;
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([name, micros]) => ({ name, ms: micros / 1000, percent: (100 * micros) / total }));
}

export function ownerTable(file, top = 10) {
  const rows = selfTimeByOwner(JSON.parse(readFileSync(file, 'utf8'))).slice(0, top);
  return [
    '| self % | self ms | where |',
    '|---:|---:|---|',
    ...rows.map((r) => `| ${r.percent.toFixed(1)} | ${Math.round(r.ms)} | ${r.name} |`),
  ].join('\n');
}

export function profileTable(file, top = 20) {
  const rows = topSelfTime(JSON.parse(readFileSync(file, 'utf8')), top);
  return [
    '| self % | self ms | function |',
    '|---:|---:|---|',
    ...rows.map((r) => `| ${r.percent.toFixed(1)} | ${Math.round(r.ms)} | \`${r.name}\` |`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: node bench/profile.mjs <file.cpuprofile> [top]');
  console.log(`${ownerTable(file)}\n\n${profileTable(file, Number(top ?? 20))}`);
}
