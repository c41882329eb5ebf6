// Runs each test file on its own (a pool of --jobs, default 2) and prints its wall time and the
// CPU time its process tree used, slowest first. CPU seconds hardly change with the load other
// processes put on the machine, so they compare runs better than wall time on a shared host.
// A file still running after --timeout seconds (default 600) is killed with its process group.
//   node scripts/profile-tests.mjs [--jobs N] [--timeout S] [--out file.json] [roots or files...]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { testFiles } from './test-files.mjs';

function parseArgs(argv) {
  const options = { jobs: 2, timeout: 600, out: undefined, roots: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--jobs') options.jobs = Number(argv[++i]);
    else if (argv[i] === '--timeout') options.timeout = Number(argv[++i]);
    else if (argv[i] === '--out') options.out = argv[++i];
    else options.roots.push(argv[i]);
  }
  if (options.roots.length === 0) options.roots = ['src', 'test'];
  return options;
}

/** One file under GNU time: wall, user and system seconds of the file's whole process tree. */
function profile(file, timeout) {
  return new Promise((resolve) => {
    const args = [
      '-f',
      '%e %U %S',
      process.execPath,
      '--import',
      'tsx',
      '--test',
      '--test-reporter=dot',
      file,
    ];
    const env = { ...process.env, NODE_ENV: 'test' };
    const child = spawn('/usr/bin/time', args, { env, detached: true });
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      process.kill(-child.pid, 'SIGKILL');
    }, timeout * 1000);
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      clearTimeout(timer);
      // A killed file leaves no figures of its own (time dies with it): its timeout stands in.
      if (killed) return resolve({ file, passed: false, killed, wall: timeout, cpu: 0 });
      const [wall, user, system] = stderr.trim().split('\n').at(-1).split(' ').map(Number);
      resolve({ file, passed: code === 0, killed, wall, cpu: user + system });
    });
  });
}

async function pool(files, { jobs, timeout }) {
  const results = [];
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const result = await profile(file, timeout);
      process.stderr.write(
        `${result.wall.toFixed(1).padStart(7)} s ${result.cpu.toFixed(1).padStart(7)} cpu-s  ${file}\n`,
      );
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return results;
}

const options = parseArgs(process.argv.slice(2));
const files = testFiles(options.roots);
const started = Date.now();
const results = (await pool(files, options)).sort((a, b) => b.wall - a.wall);
const total = (key) => results.reduce((sum, result) => sum + result[key], 0).toFixed(1);
console.log(
  `# ${results.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s, jobs ${options.jobs}`,
);
console.log(`# sum of walls ${total('wall')} s, sum of CPU ${total('cpu')} s`);
console.log('#    wall      cpu  file');
for (const { file, wall, cpu, passed, killed } of results) {
  const note = killed ? '(killed) ' : passed ? '' : '(failed) ';
  console.log(`${wall.toFixed(1).padStart(8)} ${cpu.toFixed(1).padStart(8)}  ${note}${file}`);
}
if (options.out) writeFileSync(options.out, JSON.stringify(results, null, 2));
