/**
 * Arrays, `Set`s (written as arrays, `x-svc-type: Set`) and tuples (an `items` union with
 * `minItems`/`maxItems` in OpenAPI 3.0.3: each element is written by the member it matches).
 * A missing element is `null`, as JSON.stringify writes it.
 */
import type { JsonSchema } from '../../model/json-schema.js';
import type { SerializerCompiler } from './compiler.js';

export function emitArray(schema: JsonSchema, compiler: SerializerCompiler, where: string): string {
  const item = compiler.inline(schema.items ?? {}, 'x', `${where}[]`);
  return compiler.addFunction(
    (fn) => `function ${fn}(v) {
  if (!Array.isArray(v)) {
    if (!(v instanceof Set)) return anyItem(v);
    v = Array.from(v);
  }
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
