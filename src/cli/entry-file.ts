/**
 * The generated entry's file name, apart from the entry's source template (entry.ts): `svc start`
 * finds the entry through it without loading the build's modules (the app model writer and the
 * compiled-module emitter, some 60 modules the supervisor never runs).
 */
export const ENTRY_FILE = 'main.mjs';
