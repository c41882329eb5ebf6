// Bench settings from flags (`npm run bench -- --quick --rounds 5`) or environment
// (BENCH_DURATION=3). Flags win. Durations are in seconds.

const DEFAULTS = {
  duration: 3, // measured seconds per server per round
  warmup: 2, // seconds of load before the first round, not measured
  rounds: 3,
  connections: 100,
  pipelining: 10,
  scenarios: null, // null = all
  servers: null, // null = all
  parts: ['http', 'analyzer', 'streams'],
  pin: true, // taskset: server on one core, load generator on the other
  cpuProf: null, // servers (comma-separated) run with --cpu-prof in every scenario
  svc: 'dist', // 'dist': this checkout's dist/; 'head': the last commit, built apart; else a built package's dir
  wsConnections: 10000, // WebSocket connections opened against one server process
};

const QUICK = { duration: 1, warmup: 0.5, rounds: 2, wsConnections: 2000 };

const NUMERIC = new Set(['duration', 'warmup', 'rounds', 'connections', 'pipelining', 'wsConnections']);
const LISTS = new Set(['scenarios', 'servers', 'parts']);

function coerce(key, raw) {
  if (NUMERIC.has(key)) {
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${key} needs a positive number, got "${raw}"`);
    return n;
  }
  if (LISTS.has(key)) return String(raw).split(',').filter(Boolean);
  if (key === 'pin') return raw !== 'false' && raw !== '0';
  return raw;
}

function fromEnv(env) {
  const out = {};
  for (const key of Object.keys(DEFAULTS)) {
    const value = env[`BENCH_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`];
    if (value !== undefined && value !== '') out[key] = coerce(key, value);
  }
  return out;
}

function fromArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quick') Object.assign(out, QUICK, { quick: true });
    else if (arg === '--no-pin') out.pin = false;
    else if (arg === '--help' || arg === '-h') out.help = true;
    else if (arg.startsWith('--')) {
      const [flag, inline] = arg.slice(2).split('=', 2);
      const key = flag.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
      if (!(key in DEFAULTS)) throw new Error(`unknown flag ${arg}`);
      out[key] = coerce(key, inline ?? argv[++i]);
    } else throw new Error(`unexpected argument ${arg}`);
  }
  return out;
}

export function readConfig(argv = process.argv.slice(2), env = process.env) {
  const args = fromArgs(argv);
  const quick = args.quick || env.BENCH_QUICK === '1' ? QUICK : {};
  return { ...DEFAULTS, ...quick, ...fromEnv(env), ...args };
}

export const HELP = `usage: npm run bench -- [flags]
  --quick                 1 s rounds, 2 rounds, short warm-up (about 2 minutes)
  --duration S            measured seconds per server per round (default ${DEFAULTS.duration})
  --warmup S              unmeasured seconds of load per server first (default ${DEFAULTS.warmup})
  --rounds N              rounds; servers alternate within each (default ${DEFAULTS.rounds})
  --connections N         autocannon connections (default ${DEFAULTS.connections})
  --pipelining N          autocannon pipelining (default ${DEFAULTS.pipelining})
  --scenarios a,b         only these scenarios (hello,params,query,body,routes,guard,list)
  --servers a,b           only these servers (node,fastify,hono,express,nest-express,nest-fastify,svc)
  --parts a,b             which benches: http,analyzer,streams (default all)
  --no-pin                do not pin server and load generator to separate cores
  --ws-connections N      WebSocket connections held open per server (default ${DEFAULTS.wsConnections})
  --svc dist|head|DIR     measure this checkout's dist/ (default), the last commit built apart,
                          or a package built elsewhere (DIR holds its dist/)
  --cpu-prof a,b          run these servers with --cpu-prof (results/<server>-<scenario>.cpuprofile)
Each flag also reads from BENCH_<FLAG> in the environment (BENCH_DURATION=5).`;
