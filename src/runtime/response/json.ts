/**
 * The general JSON writer, for values no declared type describes (a route the analyzer could not
 * type, an interceptor's or catcher's answer): `Date` → ISO string, `Map` → object, `Set` → array,
 * `bigint` → number digits. Typed answers use the serializer compiled from their type
 * (src/runtime/serialize/).
 */

/** Serializes any value the handler may return, including Map, Set and bigint at any depth. */
export function stringifyRich(value: unknown): string {
  return writeValue(value) ?? 'null';
}

/** The JSON text of a value, or undefined where JSON omits it (undefined, functions, symbols). */
function writeValue(input: unknown): string | undefined {
  let value = input;
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    value = (value as { toJSON(): unknown }).toJSON();
  }
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'object':
      return value === null ? 'null' : writeObject(value);
    default:
      return undefined;
  }
}

function writeObject(value: object): string {
  if (Array.isArray(value)) return writeArray(value);
  if (value instanceof Set) return writeArray(Array.from(value));
  if (value instanceof Map) return writeEntries(value.entries());
  return writeEntries(Object.entries(value));
}

function writeArray(items: readonly unknown[]): string {
  const parts: string[] = [];
  for (const item of items) parts.push(writeValue(item) ?? 'null');
  return `[${parts.join(',')}]`;
}

function writeEntries(entries: Iterable<[unknown, unknown]>): string {
  const parts: string[] = [];
  for (const [key, item] of entries) {
    const text = writeValue(item);
    if (text !== undefined) parts.push(`${JSON.stringify(String(key))}:${text}`);
  }
  return `{${parts.join(',')}}`;
}
