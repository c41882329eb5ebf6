// The markdown tables printed at the end of a run (and pasted into docs/performance.md).
import { scenarios } from './scenarios.mjs';

function thousands(n) {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—';
}

const METRICS = {
  rps: { value: 'median', ratio: 'ratio' },
  cpu: { value: 'cpuMedian', ratio: 'cpuRatio' },
  p99: { value: 'p99Median', ratio: 'p99Ratio', unit: ' ms' },
};

function cell(entry, metric) {
  const { value, ratio, unit = '' } = METRICS[metric];
  if (!entry || !Number.isFinite(entry[value]) || !Number.isFinite(entry[ratio])) return 'n/a';
  const broken = entry.rounds.some((r) => r.non2xx || r.errors) ? ' ⚠' : '';
  return `**${entry[ratio].toFixed(2)}** (${thousands(entry[value])}${unit})${broken}`;
}

/** `metric`: 'rps' (requests per second), 'cpu' (per CPU second of the server) or 'p99' (latency). */
export function httpTable(results, servers, metric = 'rps') {
  const shown = servers.filter((s) => Object.values(results).some((byServer) => byServer[s.name]));
  const head = `| scenario | ${shown.map((s) => s.label).join(' | ')} |`;
  const rule = `|---|${shown.map(() => '---:').join('|')}|`;
  const rows = scenarios
    .filter((s) => results[s.name])
    .map(
      (s) =>
        `| ${s.title} | ${shown.map((server) => cell(results[s.name][server.name], metric)).join(' | ')} |`,
    );
  return [head, rule, ...rows].join('\n');
}

function ms(value) {
  return Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a';
}

export function analyzerTable(analyzer) {
  const { svc, tsoa } = analyzer;
  return [
    `| ${analyzer.project} | svc | tsoa |`,
    '|---|---:|---:|',
    `| cold: analysis + spec files, in process (after loading modules) | ${ms(svc?.coldMs)} | — |`,
    `| cold: process start → spec written (\`svc\` analysis / \`tsoa spec\`) | ${ms(svc?.coldWallMs)} | ${ms(tsoa?.coldMs)} |`,
    `| \`svc build\` (analysis, spec, compile), whole command | ${ms(svc?.buildMs)} | — |`,
    `| one-file edit re-analyzed with the previous program (\`svc dev\`) | ${ms(svc?.editMs)} | — |`,
  ].join('\n');
}

export function streamsTable(streams) {
  const lines = ['| measure | ' + Object.keys(streams.sse ?? {}).join(' | ') + ' |'];
  lines.push(
    `|---|${Object.keys(streams.sse ?? {})
      .map(() => '---:')
      .join('|')}|`,
  );
  lines.push(
    `| SSE events/s, one connection | ${Object.values(streams.sse ?? {})
      .map((v) => (Number.isFinite(v) ? thousands(v) : 'n/a'))
      .join(' | ')} |`,
  );
  const ws = streams.websocket;
  const wsLines = ws
    ? [
        '',
        '| WebSocket | ' + Object.keys(ws).join(' | ') + ' |',
        `|---|${Object.keys(ws)
          .map(() => '---:')
          .join('|')}|`,
        `| connections held | ${Object.values(ws)
          .map((v) => thousands(v.connections))
          .join(' | ')} |`,
        `| RSS per connection | ${Object.values(ws)
          .map((v) =>
            Number.isFinite(v.rssPerConnectionKiB) ? `${v.rssPerConnectionKiB.toFixed(1)} KiB` : 'n/a',
          )
          .join(' | ')} |`,
      ]
    : [];
  return [...lines, ...wsLines].join('\n');
}
