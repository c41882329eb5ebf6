// `npm run bench`: throughput of svc against raw node:http and its peers, the analyzer
// against tsoa, and the stream benches. See docs/performance.md for the method.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, release } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELP, readConfig } from './lib/config.mjs';
import { ensureBenchDeps } from './lib/ensure-deps.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));

function machine() {
  return {
    cpus: cpus().length,
    model: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    os: `${process.platform} ${release()}`,
    // Other work on the machine skews every figure: recorded so a noisy run can be told apart.
    loadAverage1m: Number(loadavg()[0].toFixed(2)),
  };
}

/** Runs `prepare` of each chosen server once; the ones that fail are left out with the reason. */
async function preparedServers(all, config) {
  const ready = [];
  for (const server of all) {
    if (config.servers && !config.servers.includes(server.name)) continue;
    try {
      await server.prepare?.(config);
      ready.push(server);
    } catch (error) {
      console.error(
        `bench: ${server.name} left out: ${String(error.message ?? error)
          .split('\n')
          .slice(0, 8)
          .join('\n')}`,
      );
    }
  }
  return ready;
}

/** The profiles the --cpu-prof servers left in results/, summarised per scenario. */
async function profileSections(resultsDir, names, scenarioNames) {
  const { ownerTable, profileTable } = await import('./profile.mjs');
  return names.split(',').flatMap((name) =>
    scenarioNames.map((scenario) => {
      const file = join(resultsDir, `${name}-${scenario}.cpuprofile`);
      if (!existsSync(file)) return `### CPU profile of ${name}, ${scenario}\n\nno profile was written`;
      const tables = `${ownerTable(file)}\n\n${profileTable(file)}`;
      return `### CPU profile of ${name}, ${scenario} (self time, % of busy time)\n\n${file}\n\n${tables}`;
    }),
  );
}

async function main() {
  const config = readConfig();
  if (config.help) return console.log(HELP);
  ensureBenchDeps(benchDir);
  const resultsDir = join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  Object.assign(config, { benchDir, resultsDir });

  const { pinSelf } = await import('./lib/proc.mjs');
  pinSelf(config.pin);
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    config: { ...config, benchDir: undefined, resultsDir: undefined },
  };
  const sections = [];

  if (config.parts.includes('http')) {
    const { servers, BASELINE } = await import('./lib/servers.mjs');
    const { runHttpBench } = await import('./lib/http-bench.mjs');
    const { httpTable } = await import('./lib/report.mjs');
    const chosen = await preparedServers(servers, config);
    const { results, failures } = await runHttpBench(chosen, config);
    Object.assign(report, { http: results, failures, baseline: BASELINE });
    sections.push(
      `### Throughput (ratio to node:http, median req/s in brackets)\n\n${httpTable(results, chosen)}`,
      `### Requests per CPU second of the server process (ratio to node:http, median in brackets)\n\n${httpTable(results, chosen, 'cpu')}`,
      `### p99 latency (ratio to node:http, lower is better; median of rounds in brackets)\n\n${httpTable(results, chosen, 'p99')}`,
    );
    if (config.cpuProf)
      sections.push(...(await profileSections(resultsDir, config.cpuProf, Object.keys(results))));
  }
  if (config.parts.includes('analyzer')) {
    const { runAnalyzerBench } = await import('./analyzer.mjs');
    const { analyzerTable } = await import('./lib/report.mjs');
    report.analyzer = await runAnalyzerBench(config);
    sections.push(`### Analyzer\n\n${analyzerTable(report.analyzer)}`);
  }
  if (config.parts.includes('streams')) {
    const { runStreamsBench } = await import('./streams.mjs');
    const { streamsTable } = await import('./lib/report.mjs');
    report.streams = await runStreamsBench(config);
    sections.push(`### Streams\n\n${streamsTable(report.streams)}`);
  }

  const { measuredSvc } = await import('./lib/svc-build.mjs');
  report.svc = measuredSvc()?.commit;
  const m = report.machine;
  m.loadAverage1mAtEnd = Number(loadavg()[0].toFixed(2));
  const busiest = Math.max(m.loadAverage1m, m.loadAverage1mAtEnd);
  const busy = busiest > 1.5 ? ` · ⚠ load average up to ${busiest}: other work shared the machine` : '';
  console.log(
    `\n${report.date.slice(0, 10)} · ${m.cpus} × ${m.model} · ${m.memoryGiB} GiB · Node ${m.node} · svc ${report.svc ?? 'not measured'}${busy}\n`,
  );
  console.log(sections.join('\n\n'));
  writeFileSync(join(resultsDir, 'latest.json'), JSON.stringify(report, null, 2) + '\n');
  console.error(`\nbench: wrote ${join('bench', 'results', 'latest.json')}`);
}

await main();
