// A node:test reporter that lists every test file's wall time (process start, imports and tests),
// slowest first, with their sum: the profile to read before making the suite faster.
// run-tests.mjs adds it when SVC_TEST_DURATIONS names a file to write it to.
import { relative } from 'node:path';

export default async function* durations(source) {
  const files = [];
  for await (const event of source) {
    // A file's own entry is the one named by its path; its duration spans the whole child process.
    if (event.type !== 'test:complete' || event.data.name !== event.data.file) continue;
    const { duration_ms: ms, passed } = event.data.details;
    files.push({ file: relative(process.cwd(), event.data.file), ms, passed });
  }
  files.sort((a, b) => b.ms - a.ms);
  const sum = files.reduce((total, entry) => total + entry.ms, 0);
  yield `# files ${files.length}, sum of file durations ${(sum / 1000).toFixed(1)} s\n`;
  for (const entry of files) {
    yield `${(entry.ms / 1000).toFixed(2).padStart(8)} s  ${entry.passed ? '' : '(failed) '}${entry.file}\n`;
  }
}
