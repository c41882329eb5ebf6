/**
 * A valid value for a schema of a written OpenAPI document, the way a generated client would
 * fill in a request: `example`, then `default`, then the first `enum` value, then a value built
 * from the type, format and constraints.
 */
import type { Schema } from './openapi-schema.js';

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05.000Z',
  date: '2024-01-02',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  email: 'someone@example.com',
  uuid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  ipv4: '192.0.2.1',
  hostname: 'example.com',
};

export class SampleMaker {
  constructor(private readonly schemas: Record<string, Schema>) {}

  sample(schema: Schema | undefined, depth = 0): unknown {
    if (schema === undefined) return 'x';
    if (typeof schema.$ref === 'string') return this.sample(this.resolve(schema.$ref), depth + 1);
    if (schema.example !== undefined) return schema.example;
    if (schema.default !== undefined) return schema.default;
    if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null);
    if (Array.isArray(schema.allOf)) return this.merge(schema.allOf as Schema[], depth);
    const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (alternatives?.[0]) return this.sample(alternatives[0], depth + 1);
    return this.byType(schema, depth);
  }

  private byType(schema: Schema, depth: number): unknown {
    switch (schema.type) {
      case 'string':
        return this.string(schema);
      case 'integer':
      case 'number':
        return typeof schema.minimum === 'number' ? schema.minimum : 1;
      case 'boolean':
        return true;
      case 'array':
        return this.array(schema, depth);
      default:
        return this.object(schema, depth);
    }
  }

  private string(schema: Schema): string {
    const formatted = FORMAT_SAMPLES[String(schema.format)];
    if (formatted) return formatted;
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 1;
    return 'sample'.padEnd(minLength, 's').slice(0, Math.max(minLength, 6));
  }

  private array(schema: Schema, depth: number): unknown[] {
    const count = typeof schema.minItems === 'number' ? schema.minItems : depth > 3 ? 0 : 1;
    // A tuple: the 3.0.3 document's one `items` admits any element anywhere; svc's `x-prefixItems`
    // says which element sits where, as the server checks them.
    const positions = (schema['x-prefixItems'] ?? []) as Schema[];
    const items = Array.from({ length: count }, (_, index) =>
      this.sample(positions[index] ?? (schema.items as Schema), depth + 1),
    );
    // uniqueItems: make repeated string samples distinct.
    return schema.uniqueItems
      ? items.map((item, index) => (typeof item === 'string' ? `${item}${index}` : item))
      : items;
  }

  private object(schema: Schema, depth: number): Record<string, unknown> {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const out: Record<string, unknown> = {};
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
      // Optional properties are filled near the top only, so recursive types end.
      if (required.has(name) || depth < 2) out[name] = this.sample(property, depth + 1);
    }
    return out;
  }

  private merge(parts: Schema[], depth: number): unknown {
    const values = parts.map((part) => this.sample(part, depth + 1));
    if (values.every((value) => value !== null && typeof value === 'object' && !Array.isArray(value))) {
      return Object.assign({}, ...values);
    }
    return values[0];
  }

  private resolve(ref: string): Schema {
    const name = ref.replace('#/components/schemas/', '');
    const schema = this.schemas[name];
    if (!schema) throw new Error(`the document references ${ref}, which it does not define`);
    return schema;
  }
}
