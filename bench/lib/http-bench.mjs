// The throughput bench: per scenario, every server is started as its own process, its
// answers are checked, it is warmed up, then all are measured in alternating rounds.
import { scenarios } from './scenarios.mjs';
import { measure, probeScenario } from './load.mjs';
import { cpuSeconds, freePort, startProcess, stopProcess, waitForPort } from './proc.mjs';
import { roundOrder, summarise } from './stats.mjs';
import { BASELINE } from './servers.mjs';

const BASE_PORT = 21100;

async function startServer(server, scenario, port, config) {
  const profiling = (config.cpuProf ?? '').split(',').includes(server.name);
  const nodeFlags = profiling
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${config.resultsDir}`,
        `--cpu-prof-name=${server.name}-${scenario.name}.cpuprofile`,
        '--import',
        new URL('./exit-on-signal.mjs', import.meta.url).href,
      ]
    : [];
  const proc = startProcess({
    args: server.args(scenario.name),
    port,
    pin: config.pin,
    nodeFlags,
    cwd: config.benchDir,
  });
  try {
    await waitForPort(proc, port);
    await probeScenario(port, scenario);
    return proc;
  } catch (error) {
    await stopProcess(proc);
    throw error;
  }
}

function loadOptions(config, port, scenario, seconds) {
  return {
    port,
    requests: scenario.requests,
    seconds,
    connections: config.connections,
    pipelining: config.pipelining,
  };
}

/** Starts each server; the ones that fail to start or answer wrongly are reported and skipped. */
async function startAll(servers, scenario, config, failures) {
  const running = [];
  let nextPort = BASE_PORT;
  for (const server of servers) {
    const port = await freePort(nextPort);
    nextPort = port + 1;
    try {
      const proc = await startServer(server, scenario, port, config);
      running.push({ server, port, proc });
    } catch (error) {
      failures.push({ scenario: scenario.name, server: server.name, error: String(error.message ?? error) });
      console.error(
        `  ${server.name}: left out of "${scenario.name}": ${String(error.message ?? error).split('\n')[0]}`,
      );
    }
  }
  return running;
}

async function runScenario(scenario, servers, config, failures) {
  console.error(`scenario ${scenario.name} (${scenario.title})`);
  const running = await startAll(servers, scenario, config, failures);
  const byServer = Object.fromEntries(running.map(({ server }) => [server.name, { rounds: [] }]));
  try {
    for (const { port } of running) await measure(loadOptions(config, port, scenario, config.warmup));
    for (let round = 0; round < config.rounds; round++) {
      for (const { server, port, proc } of roundOrder(running, round)) {
        const cpuBefore = cpuSeconds(proc.child.pid);
        const result = await measure(loadOptions(config, port, scenario, config.duration));
        result.cpuSeconds = cpuSeconds(proc.child.pid) - cpuBefore;
        result.perCpuSecond = result.total / result.cpuSeconds;
        byServer[server.name].rounds.push(result);
        const flag =
          result.non2xx || result.errors ? ` (non-2xx ${result.non2xx}, errors ${result.errors})` : '';
        console.error(
          `  round ${round + 1} ${server.name.padEnd(13)} ${Math.round(result.rps)} req/s, ${Math.round(result.perCpuSecond)} req/CPU-s${flag}`,
        );
      }
    }
  } finally {
    await Promise.all(running.map(({ proc }) => stopProcess(proc)));
  }
  return summarise(byServer, BASELINE);
}

export async function runHttpBench(servers, config) {
  const failures = [];
  const results = {};
  const chosen = scenarios.filter((s) => !config.scenarios || config.scenarios.includes(s.name));
  for (const scenario of chosen)
    results[scenario.name] = await runScenario(scenario, servers, config, failures);
  return { results, failures };
}
