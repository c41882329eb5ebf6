/**
 * The JavaScript values a JSON schema alone cannot describe. The analyzer marks their schemas
 * with the hint `svc.rich` (src/model/json-schema.ts); the runtime reads the mark to parse text,
 * revive bodies and pick a serializer; no document shows it. This list is the one place the names live.
 */

/** Values carried as a JSON string, number, array or object and revived at run time. */
export const RICH_VALUE_TYPES = ['Date', 'URL', 'bigint', 'Map', 'Set'] as const;

export type RichValueType = (typeof RICH_VALUE_TYPES)[number];

/**
 * Every `svc.rich` mark: the rich values, plus `DataHolder`, which marks a `@Data()`
 * parameter that binds the request's data holder itself (never a value on the wire), and
 * `bytes`, which marks a `Uint8Array`/`Buffer` inside a JSON value (`{type: string,
 * contentEncoding: base64}`: base64 on the wire, a Buffer in the handler), and `File`, a file
 * field of a multipart body (a web-standard `File` in the handler).
 */
export type SvcType = RichValueType | 'DataHolder' | 'bytes' | 'File';

/** Rich values that `JSON.stringify` cannot write as their schema says (it needs a replacer). */
export const NEEDS_RICH_STRINGIFY: ReadonlySet<SvcType> = new Set<SvcType>(['Map', 'Set', 'bigint']);

const RICH_VALUE_SET: ReadonlySet<string> = new Set(RICH_VALUE_TYPES);

/** The rich value type a schema is marked with, if any (DataHolder is not a value). */
export function richTypeOf(schema: { svc?: { rich?: SvcType } }): RichValueType | undefined {
  const mark = schema.svc?.rich;
  return mark !== undefined && RICH_VALUE_SET.has(mark) ? (mark as RichValueType) : undefined;
}

/** The `svc.rich` mark of a schema, including the non-values `DataHolder` and `bytes`. */
export function svcTypeOf(schema: { svc?: { rich?: SvcType } }): SvcType | undefined {
  return schema.svc?.rich;
}
