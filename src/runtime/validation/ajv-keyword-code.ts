/**
 * How a compiled validator that `svc build` wrote as code (ajv's standalone code) finds svc's own
 * keyword functions. ajv names a `compile` keyword's function in the code it writes by the
 * scope value it registers for it; a function has no source ajv can write, so each keyword
 * registers, before ajv does, the same function together with the expression that makes it
 * again from the runtime object below (ajv then finds the registration by the function and
 * reuses it). Validators compiled in the process ignore the expression; the emitted module
 * evaluates it with svc's runtime (src/runtime/compiled/section-require.ts).
 */
import type { SchemaObjCxt } from 'ajv';
import { _, type Code } from 'ajv/dist/compile/codegen/index.js';

/** The module name the emitted code `require`s svc's keyword runtime by. */
export const KEYWORD_RUNTIME = 'svc:ajv-keywords';

/** `require("svc:ajv-keywords")` in the emitted code. */
export const keywordRuntime: Code = _`require(${KEYWORD_RUNTIME})`;

/** Registers `validate` under ajv's `keyword` scope with the code that recreates it. */
export function withKeywordCode<F extends object>(it: SchemaObjCxt, validate: F, code: Code): F {
  it.gen.scopeValue('keyword', { ref: validate, code });
  return validate;
}
