// A node:test reporter for scripts/run-tests.mjs: one line per failed test, its file and its name
// (tab-separated), so a failure in a process that ran several files still names its file.
import { relative } from 'node:path';

export default async function* failures(source) {
  for await (const event of source) {
    if (event.type !== 'test:fail' || event.data.details.error?.failureType === 'subtestsFailed') {
      continue;
    }
    const file = event.data.file === undefined ? '?' : relative(process.cwd(), event.data.file);
    yield `${file}\t${event.data.name}\n`;
  }
}
