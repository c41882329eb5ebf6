/**
 * The `svcPattern` ajv keyword: `pattern` as pattern.ts runs it (RE2JS in linear time, with its
 * length caps), so a body string meets the same ReDoS safeguard as a query value; ajv's own
 * `pattern` would run RegExp. ajv-schema.ts puts it in place of every `pattern`; its errors read
 * as `pattern`'s did (`must match pattern "..."`).
 */
import type { ErrorObject } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { codegen, keywordRuntime, withKeywordCode } from './ajv-keyword-code.js';
import { compilePattern, TOO_LONG_FOR_PATTERN, type PatternCaps } from './pattern.js';

export const PATTERN_KEYWORD = 'svcPattern';

/** The keyword's value: the pattern and the caps it runs under. */
export type PatternRule = PatternCaps;

type KeywordValidate = ((data: string) => boolean) & { errors?: Partial<ErrorObject>[] };

export function addPatternKeyword(ajv: Ajv2020): void {
  const { _, stringify } = codegen();
  const runtime = keywordRuntime();
  ajv.addKeyword({
    keyword: PATTERN_KEYWORD,
    type: 'string',
    schemaType: 'object',
    compile: (rule: PatternRule, _parent, it) =>
      withKeywordCode(it, compileKeyword(rule), _`${runtime}.patternKeyword(${stringify(rule)})`),
  });
}

/** The keyword's function for one rule; emitted validators make theirs with it too. */
export function compileKeyword(rule: PatternRule): KeywordValidate {
  const pattern = rule.pattern;
  const test = compilePattern(rule);
  const validate: KeywordValidate = (data) => {
    const outcome = test(data);
    if (outcome === undefined) return true;
    // Fresh objects each time: ajv fills in each error's instancePath.
    validate.errors = [
      outcome === 'mismatch'
        ? { keyword: 'pattern', params: { pattern } }
        : { keyword: PATTERN_KEYWORD, params: { pattern }, message: TOO_LONG_FOR_PATTERN },
    ];
    return false;
  };
  return validate;
}
