/**
 * How a compiled validator that `svc build` wrote as code (ajv's standalone code) finds svc's own
 * keyword functions. ajv names a `compile` keyword's function in the code it writes by the
 * scope value it registers for it; a function has no source ajv can write, so each keyword
 * registers, before ajv does, the same function together with the expression that makes it
 * again from the runtime object below (ajv then finds the registration by the function and
 * reuses it). Validators compiled in the process ignore the expression; the emitted module
 * evaluates it with svc's runtime (src/runtime/compiled/section-require.ts).
 */
import { createRequire } from 'node:module';
import type { SchemaObjCxt } from 'ajv';
import type * as Codegen from 'ajv/dist/compile/codegen/index.js';
import type { Code } from 'ajv/dist/compile/codegen/index.js';

/** The module name the emitted code `require`s svc's keyword runtime by. */
export const KEYWORD_RUNTIME = 'svc:ajv-keywords';

const requireHere = createRequire(import.meta.url);
let codegenModule: typeof Codegen | undefined;

/**
 * ajv's code builder (`_`, `stringify`), loaded when ajv first compiles, as ajv itself is
 * (ajv-context.ts): a start whose validators all come from the build's module loads no CommonJS
 * module for it, nor the loader's set-up the first one costs.
 */
export function codegen(): typeof Codegen {
  return (codegenModule ??= requireHere('ajv/dist/compile/codegen/index.js') as typeof Codegen);
}

/** `require("svc:ajv-keywords")` in the emitted code. */
export function keywordRuntime(): Code {
  return codegen()._`require(${KEYWORD_RUNTIME})`;
}

/** Registers `validate` under ajv's `keyword` scope with the code that recreates it. */
export function withKeywordCode<F extends object>(it: SchemaObjCxt, validate: F, code: Code): F {
  it.gen.scopeValue('keyword', { ref: validate, code });
  return validate;
}
