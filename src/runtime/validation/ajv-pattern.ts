/**
 * The `svcPattern` ajv keyword: `pattern` as pattern.ts runs it (RE2JS in linear time, with its
 * length caps), so a body string meets the same ReDoS safeguard as a query value; ajv's own
 * `pattern` would run RegExp. ajv-schema.ts puts it in place of every `pattern`; its errors read
 * as `pattern`'s did (`must match pattern "..."`).
 */
import type { Ajv, ErrorObject } from 'ajv';
import { compilePattern, PATTERN_LIMIT_KEY, TOO_LONG_FOR_PATTERN } from './pattern.js';

export const PATTERN_KEYWORD = 'svcPattern';

/** The keyword's value: the pattern and the caps it runs under. */
export interface PatternRule {
  pattern: string;
  maxLength?: number;
  limit?: number;
}

type KeywordValidate = ((data: string) => boolean) & { errors?: Partial<ErrorObject>[] };

export function addPatternKeyword(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: PATTERN_KEYWORD,
    type: 'string',
    schemaType: 'object',
    compile: (keyword: PatternRule) => compileKeyword(keyword),
  });
}

function compileKeyword({ pattern, maxLength, limit }: PatternRule): KeywordValidate {
  const test = compilePattern({ pattern, maxLength, [PATTERN_LIMIT_KEY]: limit });
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
