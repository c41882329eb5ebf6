// Summarises a V8 .cpuprofile (from `npm run bench -- --cpu-prof svc`): the functions with
// the most self time. Usage: node bench/profile.mjs <file.cpuprofile> [top=20]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function shortUrl(url) {
  if (!url) return '';
  return url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '~/')
    .replace(/^.*\/(dist|bench)\//, '$1/');
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
  console.log(profileTable(file, Number(top ?? 20)));
}
