/** What app-compiled.mjs exports (written by emit-module.ts, read by load.ts). */
import type { ValidateFunction } from 'ajv';
import type { UnknownMode } from '../validation/ajv-context.js';

/** The file `svc build` writes beside the build's app-model.json. */
export const COMPILED_MODULE_FILE = 'app-compiled.mjs';

/** Resolves the `require(...)` calls of ajv's standalone code (section-require.ts). */
export type SectionRequire = (name: string) => unknown;

/**
 * The validators one ajv instance compiled, as ajv's standalone code wrapped in a function: it
 * runs (defining the functions, nothing compiled) the first time start-up asks for a validator.
 */
export interface ValidatorSection {
  /** The unknown-properties mode the validators were compiled for. */
  mode: UnknownMode;
  load: (require: SectionRequire) => Record<string, ValidateFunction>;
}

/** A serializer's generated source as a function, and the constants its source refers to. */
export interface SerializerEntry {
  constants: () => unknown[];
  build: (helpers: Record<string, unknown>, constants: unknown[]) => (value: unknown) => string;
}

export interface CompiledModule {
  /** schemasStamp() of the model the build compiled. */
  stamp: string;
  validators: readonly ValidatorSection[];
  /** By serializerKey(). */
  serializers: Readonly<Record<string, SerializerEntry>>;
}
