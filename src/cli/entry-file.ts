/**
 * The generated entry's file name, apart from the entry's source template (entry.ts): `svc start`
 * finds the entry through it without loading the build's modules (the app model writer and the
 * compiled-module emitter, some 60 modules the supervisor never runs).
 */
export const ENTRY_FILE = 'main.mjs';

/**
 * The global key under which `svc start` (one worker) hands the entry it imports into its own
 * process the way to report, instead of an IPC channel. Entries of older builds lack it
 * (`servesInProcess`), and `svc start` then runs them in a process of their own as before.
 */
export const START_HOOK = 'svcjs.start';

export function servesInProcess(entrySource: string): boolean {
  return entrySource.includes(`Symbol.for(${JSON.stringify(START_HOOK)})`);
}
