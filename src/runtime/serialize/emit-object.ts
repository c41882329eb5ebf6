/**
 * Object schemas. A closed object (declared properties, nothing said about others) is written
 * property by property in declared order, reading only the declared keys: whatever else the
 * value carries never reaches the wire (in dev mode each such key is reported once). An open
 * object (an index signature, a `Record`, a `Map`) is written in the value's own key order,
 * each value by its declared property's schema or else by `additionalProperties`.
 */
import type { JsonSchema } from '../../model/json-schema.js';
import { splitNull } from '../../model/null-schema.js';
import { richTypeOf } from '../../model/rich-types.js';
import type { SerializerCompiler } from './compiler.js';

/** Objects this emitter writes; `{type: object}` alone and `Record<string, unknown>` go to JSON.stringify. */
export function isObjectSchema(schema: JsonSchema): boolean {
  return schema.properties !== undefined || isOpenWithSchema(schema);
}

function isOpenWithSchema(schema: JsonSchema): boolean {
  const extra = schema.additionalProperties;
  return richTypeOf(schema) === 'Map' || (typeof extra === 'object' && Object.keys(extra).length > 0);
}

/** The name of the function writing `schema`'s objects. */
export function emitObject(schema: JsonSchema, compiler: SerializerCompiler, where: string): string {
  const open = schema.additionalProperties === true || isOpenWithSchema(schema);
  return open ? emitOpen(schema, compiler, where) : emitClosed(schema, compiler, where);
}

const NOT_AN_OBJECT = `if (typeof v !== 'object' || v === null || Array.isArray(v)) return anyItem(v);`;

function emitClosed(schema: JsonSchema, compiler: SerializerCompiler, where: string): string {
  const properties = Object.entries(schema.properties ?? {});
  const lines = properties.map(([key, child], index) =>
    writeProperty(key, child, compiler, `${where}.${key}`, index === 0),
  );
  const dropCheck = dropCheckCall(
    properties.map(([key]) => key),
    compiler,
    where,
  );
  return compiler.addFunction(
    (fn) => `function ${fn}(v) {
  ${NOT_AN_OBJECT}
  let s = '{', x, t;
${lines.join('\n')}
  ${dropCheck}
  return s + '}';
}`,
  );
}

/**
 * One declared property: skipped when undefined (as JSON.stringify skips it), else written with
 * a comma before it unless it is the first one written (`s` still only holds the brace).
 */
function writeProperty(
  key: string,
  child: JsonSchema,
  compiler: SerializerCompiler,
  where: string,
  first: boolean,
): string {
  const name = JSON.stringify(key) + ':';
  const prefix = first
    ? JSON.stringify(name)
    : `(s.length === 1 ? ${JSON.stringify(name)} : ${JSON.stringify(',' + name)})`;
  // `v.__proto__` would read the prototype: only an own property of that name counts.
  const read =
    key === '__proto__'
      ? `Object.hasOwn(v, '__proto__') ? v['__proto__'] : undefined`
      : `v[${JSON.stringify(key)}]`;
  // `unknown` (or `unknown | null`, the same values): a function or symbol has no JSON, and the
  // key is left out, as JSON.stringify leaves it out.
  if (isAny(compiler.resolve(splitNull(child).schema))) {
    return `  x = ${read}; if (x !== undefined && (t = anyValue(x)) !== undefined) s += ${prefix} + t;`;
  }
  return `  x = ${read}; if (x !== undefined) s += ${prefix} + ${compiler.inline(child, 'x', where)};`;
}

function emitOpen(schema: JsonSchema, compiler: SerializerCompiler, where: string): string {
  const cases = Object.entries(schema.properties ?? {}).map(
    ([key, child]) =>
      `      case ${JSON.stringify(key)}: t = ${compiler.inline(child, 'x', `${where}.${key}`)}; break;`,
  );
  const extra = schema.additionalProperties;
  const other =
    typeof extra === 'object' && !isAny(compiler.resolve(extra))
      ? compiler.inline(extra, 'x', `${where}.*`)
      : 'anyValue(x)';
  const pick =
    cases.length === 0
      ? `t = ${other};`
      : `switch (k) {\n${cases.join('\n')}\n      default: t = ${other};\n    }`;
  return compiler.addFunction(
    (fn) => `function ${fn}(v) {
  ${NOT_AN_OBJECT}
  const e = entriesOf(v);
  let s = '', sep = '', x, t;
  for (let i = 0; i < e.length; i++) {
    const k = e[i][0];
    x = e[i][1];
    if (x === undefined) continue;
    ${pick}
    if (t === undefined) continue;
    s += sep + quote(k) + ':' + t;
    sep = ',';
  }
  return '{' + s + '}';
}`,
  );
}

/** `{}`: unknown, any. */
function isAny(schema: JsonSchema): boolean {
  return Object.keys(schema).every((key) => key.startsWith('x-') || key === 'description');
}

/** Dev mode: a call reporting the value's keys the schema does not declare (nothing otherwise). */
function dropCheckCall(declared: string[], compiler: SerializerCompiler, where: string): string {
  const report = compiler.reportDrop;
  if (report === undefined) return '';
  const known = new Set(declared);
  const check = (value: object): void => {
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (!known.has(key) && item !== undefined && typeof item !== 'function') report(where, key);
    }
  };
  return `${compiler.constant(check)}(v);`;
}
