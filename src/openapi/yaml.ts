/**
 * A small block-style YAML writer for JSON data (what an OpenAPI document is). The `yaml`
 * package builds a whole document tree first, which took longer than analyzing a 3000-route
 * project; this writes lines directly. Strings are plain where no YAML 1.1 or 1.2 reader could
 * take them for anything else, and JSON-quoted (valid YAML double-quoted scalars) otherwise.
 */

/** JSON data as the document holds it (undefined object values are skipped, as JSON does). */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The document as YAML lines: mappings `key: value`, sequences `- item`, two spaces per level. */
export function jsonToYaml(value: unknown): string {
  const data = value as Json;
  if (!isBlock(data)) return `${scalar(data)}\n`;
  const lines: string[] = [];
  writeBlock(data, '', lines);
  return `${lines.join('\n')}\n`;
}

/**
 * One mapping entry `key: value` with its first line at `indent`, as `jsonToYaml` writes it inside
 * a document (no final line break): `svc dev`'s writer keeps each path's text between edits.
 */
export function yamlEntry(key: string, value: unknown, indent: string): string {
  const data = value as Json;
  if (!isBlock(data)) return `${indent}${text(key)}: ${scalar(data)}`;
  const lines = [`${indent}${text(key)}:`];
  writeBlock(data, `${indent}  `, lines);
  return lines.join('\n');
}

/** A non-empty object or array: written over several lines (empty ones are `{}` / `[]`). */
function isBlock(value: Json): value is Json[] | { [key: string]: Json } {
  if (value === null || typeof value !== 'object') return false;
  return Array.isArray(value) ? value.length > 0 : hasOwnKey(value);
}

/** `Object.keys(value).length > 0` without the array: asked of every object of the document. */
function hasOwnKey(value: { [key: string]: Json }): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return true;
  return false;
}

function writeBlock(value: Json[] | { [key: string]: Json }, indent: string, lines: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) writeItem(item, indent, lines);
    return;
  }
  // `for...in` rather than `Object.entries`: no pair array per key (the document has ~100 000).
  for (const key in value) {
    const inner = value[key];
    // As in JSON: a key whose value is undefined is left out.
    if (inner === undefined || !Object.hasOwn(value, key)) continue;
    if (isBlock(inner)) {
      lines.push(`${indent}${text(key)}:`);
      writeBlock(inner, `${indent}  `, lines);
    } else {
      lines.push(`${indent}${text(key)}: ${scalar(inner)}`);
    }
  }
}

/** One sequence item: a mapping starts on the `- ` line, a nested sequence goes below a bare `-`. */
function writeItem(item: Json, indent: string, lines: string[]): void {
  if (!isBlock(item)) {
    lines.push(`${indent}- ${scalar(item)}`);
  } else if (Array.isArray(item)) {
    lines.push(`${indent}-`);
    writeBlock(item, `${indent}  `, lines);
  } else {
    const first = lines.length;
    writeBlock(item, `${indent}  `, lines);
    lines[first] = `${indent}- ${(lines[first] as string).slice(indent.length + 2)}`;
  }
}

function scalar(value: Json | undefined): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return text(value);
  if (typeof value === 'object') return Array.isArray(value) ? '[]' : '{}';
  return typeof value === 'number' && !Number.isFinite(value) ? 'null' : String(value);
}

/** Characters a plain scalar may hold here; indicators such as `- ? : , [ ] { } # & * ! | > ' " % @` may not start one. */
const PLAIN = /^[A-Za-z0-9_/$(][A-Za-z0-9 _./$(){}\-,;=+<>'!?@|~^*&%[\]:#]*$/;
/** Words and numbers some YAML reader resolves to a non-string (YAML 1.1 booleans included). */
const RESOLVED = [
  /^(true|false|null|yes|no|on|off|y|n)$/i,
  /^[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?$/,
  /^0[xob]/i,
  /^[0-9]+(:[0-5]?[0-9])+(\.[0-9_]*)?$/,
  /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}/,
];
/** JSON leaves these raw; YAML does not allow them unescaped. */
const NOT_PRINTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g;

/** Keys and values repeat thousands of times in a large document (`type`, `string`, `schema`). */
const texts = new Map<string, string>();
const MAX_CACHED_TEXTS = 10_000;

function text(value: string): string {
  let written = texts.get(value);
  if (written === undefined) {
    written = writeText(value);
    if (texts.size < MAX_CACHED_TEXTS) texts.set(value, written);
  }
  return written;
}

function writeText(value: string): string {
  const plain =
    PLAIN.test(value) &&
    !value.endsWith(' ') &&
    !value.endsWith(':') &&
    !value.includes(': ') &&
    !value.includes(' #') &&
    !RESOLVED.some((pattern) => pattern.test(value));
  if (plain) return value;
  return JSON.stringify(value).replace(
    NOT_PRINTABLE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
