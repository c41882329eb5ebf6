/**
 * The compiled code start-up looks schemas up in, registered by the model's `schemas` object
 * (the one object every validator and serializer of an app is compiled against), so the
 * compilers find it without it being threaded through every caller. No store registered (a
 * model from `svc dev` or a test's `.svc/app-model.json`): everything is compiled in the process.
 */
import type { ValidateFunction } from 'ajv';
import type { NamedSchemas } from '../../model/schema-walk.js';
import type { UnknownMode } from '../validation/ajv-context.js';
import type { CompiledModule, SerializerEntry } from './module-shape.js';
import { sectionRequire } from './section-require.js';

export class CompiledStore {
  private readonly byMode = new Map<UnknownMode, Map<string, ValidateFunction>>();
  private missed = false;

  constructor(
    private readonly module: CompiledModule,
    /** Where the module is, for the one warning a miss gives. */
    private readonly file: string,
    private readonly warn: (line: string) => void,
  ) {}

  /** The emitted validator, or undefined (said once) when the build did not emit this one. */
  validator(mode: UnknownMode, key: string): ValidateFunction | undefined {
    let loaded = this.byMode.get(mode);
    if (!loaded) this.byMode.set(mode, (loaded = this.loadSections(mode)));
    return loaded.get(key) ?? this.miss(`a validator (unknownProperties '${mode}')`);
  }

  serializer(key: string): SerializerEntry | undefined {
    return Object.hasOwn(this.module.serializers, key)
      ? this.module.serializers[key]
      : this.miss('a serializer');
  }

  private loadSections(mode: UnknownMode): Map<string, ValidateFunction> {
    const validators = new Map<string, ValidateFunction>();
    for (const section of this.module.validators) {
      if (section.mode !== mode) continue;
      for (const [key, validate] of Object.entries(section.load(sectionRequire)))
        validators.set(key, validate);
    }
    return validators;
  }

  /**
   * Built for other options than the app runs with (`unknownProperties` given to createApp), or a
   * schema only the code knows: compiled in the process, as without a build, and said once.
   */
  private miss(what: string): undefined {
    if (this.missed) return undefined;
    this.missed = true;
    this.warn(
      `svc: warning: ${what} the app needs is not in ${this.file} (built for other options?): ` +
        'compiling what is missing at start; run `svc build` with the options the app runs with',
    );
    return undefined;
  }
}

const stores = new WeakMap<NamedSchemas, CompiledStore>();

export function registerCompiled(schemas: NamedSchemas, store: CompiledStore): void {
  stores.set(schemas, store);
}

export function compiledFor(schemas: NamedSchemas): CompiledStore | undefined {
  return stores.get(schemas);
}
