/**
 * Integers beyond JSON's exact range. `JSON.parse` turns `9007199254740993` into
 * `9007199254740992` without a word, so an `integer` outside ±(2^53 − 1) may already be a
 * different number than the client sent: it is refused rather than silently rounded. A `bigint`
 * takes its full range as a string of digits (`"9007199254740993"`), and a JSON number only
 * within the safe range, for the same reason. Its digits are bounded (MAX_BIGINT_DIGITS):
 * `BigInt()` and `toString()` take time that grows faster than the length (a million digits:
 * a quarter of a second each way), and no use of an integer needs thousands of digits.
 *
 * ajv-schema.ts puts `svcSafeInteger` on every `integer` schema (in place of the model's
 * ±(2^53 − 1) bounds, whose `must be <= 9007199254740991` would not say why) and `svcBigInt` in
 * place of the type of every `bigint` one; their errors carry their own message.
 */
import type { ErrorObject } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { codegen, keywordRuntime, withKeywordCode } from './ajv-keyword-code.js';

export const SAFE_INTEGER_KEYWORD = 'svcSafeInteger';
export const BIGINT_KEYWORD = 'svcBigInt';

export const SAFE_INTEGER_MESSAGE =
  'must be an integer from -9007199254740991 to 9007199254740991 (larger ones lose precision)';
const BIGINT_TYPE_MESSAGE = 'must be an integer';
const BIGINT_OR_NULL_MESSAGE = 'must be an integer or null';
const BIGINT_RANGE_MESSAGE =
  'must be a string of digits beyond ±9007199254740991 (a JSON number that large loses precision)';

/** A string of digits, optionally signed: how a bigint travels in JSON beyond the safe range. */
export const BIGINT_DIGITS = /^-?\d+$/;

/** The most digits a bigint input may have, in a body or a text input (10^1000 ≈ 2^3322). */
export const MAX_BIGINT_DIGITS = 1000;

export const BIGINT_LENGTH_MESSAGE = `must have at most ${MAX_BIGINT_DIGITS} digits`;

/** Whether a string of digits (sign included) is longer than MAX_BIGINT_DIGITS digits. */
export function hasTooManyDigits(text: string): boolean {
  return text.length - (text.startsWith('-') || text.startsWith('+') ? 1 : 0) > MAX_BIGINT_DIGITS;
}

/**
 * The bounds without the model's ±(2^53 − 1) on an `integer` (the whole safe range, said by the
 * safe-integer keyword or a text coercer instead, and meaningless for a `bigint`); a tighter
 * declared bound stays.
 */
export function dropSafeRange(bounds: { minimum?: unknown; maximum?: unknown }): void {
  if (bounds.minimum === -Number.MAX_SAFE_INTEGER) delete bounds.minimum;
  if (bounds.maximum === Number.MAX_SAFE_INTEGER) delete bounds.maximum;
}

type KeywordValidate = ((data: unknown) => boolean) & { errors?: Partial<ErrorObject>[] };

/** The bigint keyword's value: whether `null` is allowed too (`bigint | null`, whose type it replaces). */
export interface BigIntRule {
  orNull: boolean;
}

export function addIntegerKeywords(ajv: Ajv2020): void {
  const { _ } = codegen();
  const runtime = keywordRuntime();
  ajv.addKeyword({
    keyword: SAFE_INTEGER_KEYWORD,
    type: 'number',
    compile: (_rule, _parent, it) => withKeywordCode(it, safeInteger, _`${runtime}.safeInteger`),
  });
  ajv.addKeyword({
    keyword: BIGINT_KEYWORD,
    schemaType: 'object',
    compile: (rule: BigIntRule, _parent, it) =>
      rule.orNull
        ? withKeywordCode(it, bigIntOrNull, _`${runtime}.bigIntOrNull`)
        : withKeywordCode(it, bigIntValue, _`${runtime}.bigIntValue`),
  });
}

/** A fraction is the `type` keyword's error to report, not this one's. */
export const safeInteger: KeywordValidate = (data) => {
  if (!Number.isInteger(data) || Number.isSafeInteger(data)) return true;
  safeInteger.errors = [{ keyword: SAFE_INTEGER_KEYWORD, params: {}, message: SAFE_INTEGER_MESSAGE }];
  return false;
};

export const bigIntValue: KeywordValidate = (data) => {
  if (typeof data === 'string' && !hasTooManyDigits(data) && BIGINT_DIGITS.test(data)) return true;
  if (Number.isSafeInteger(data)) return true;
  bigIntValue.errors = [{ keyword: BIGINT_KEYWORD, params: {}, message: bigIntMessage(data) }];
  return false;
};

export const bigIntOrNull: KeywordValidate = (data) => {
  if (data === null || bigIntValue(data)) return true;
  const message = bigIntMessage(data, BIGINT_OR_NULL_MESSAGE);
  bigIntOrNull.errors = [{ keyword: BIGINT_KEYWORD, params: {}, message }];
  return false;
};

function bigIntMessage(data: unknown, typeMessage = BIGINT_TYPE_MESSAGE): string {
  if (typeof data === 'number' && Number.isInteger(data)) return BIGINT_RANGE_MESSAGE;
  if (typeof data === 'string' && BIGINT_DIGITS.test(data)) return BIGINT_LENGTH_MESSAGE;
  return typeMessage;
}
