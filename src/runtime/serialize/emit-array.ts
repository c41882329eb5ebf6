/**
 * Arrays, `Set`s (written as arrays, `svc.rich: Set`) and tuples: a tuple's elements by their
 * position's schema (`prefixItems`), the ones after them by `items`. Past a closed tuple
 * (`items: false`) an element has no schema, and is written as JSON.stringify would write it.
 * A missing element is `null`, as JSON.stringify writes it.
 */
import type { JsonSchema } from '../../model/json-schema.js';
import type { SerializerCompiler } from './compiler.js';

/** Turns a Set into an array; anything else that is not an array is written as it is. */
const TO_ARRAY = `if (!Array.isArray(v)) {
    if (!(v instanceof Set)) return anyItem(v);
    v = Array.from(v);
  }`;

export function emitArray(schema: JsonSchema, compiler: SerializerCompiler, where: string): string {
  const rest = schema.items === false ? 'anyItem(x)' : compiler.inline(schema.items ?? {}, 'x', `${where}[]`);
  const positions = (schema.prefixItems ?? []).map((item, index) =>
    compiler.inline(item, 'x', `${where}[${index}]`),
  );
  return positions.length === 0 ? emitList(rest, compiler) : emitTuple(positions, rest, compiler);
}

function emitList(item: string, compiler: SerializerCompiler): string {
  return compiler.addFunction(
    (fn) => `function ${fn}(v) {
  ${TO_ARRAY}
  const n = v.length;
  if (n === 0) return '[]';
  let x = v[0];
  let s = '[' + ${item};
  for (let i = 1; i < n; i++) {
    x = v[i];
    s += ',' + ${item};
  }
  return s + ']';
}`,
  );
}

/** One statement per position, each ending the array when the value is that short. */
function emitTuple(positions: string[], rest: string, compiler: SerializerCompiler): string {
  const statements = positions.map(
    (written, index) =>
      `  if (n === ${index}) return s + ']';\n  x = v[${index}];\n  s += ${index === 0 ? '' : "',' + "}${written};`,
  );
  return compiler.addFunction(
    (fn) => `function ${fn}(v) {
  ${TO_ARRAY}
  const n = v.length;
  let s = '[', x;
${statements.join('\n')}
  for (let i = ${positions.length}; i < n; i++) {
    x = v[i];
    s += ',' + ${rest};
  }
  return s + ']';
}`,
  );
}
