/**
 * What `svc dev`'s standby process runs while it waits: one small model's coercers, serializer
 * and response check, compiled and called. The dev server compiles a route on its first request,
 * and the first compile of a process loads ajv and ajv-formats (required on first use) and gets
 * their code and svc's compilers through V8's first compile: ~250 ms of CPU that would otherwise
 * fall between a reload and its first answer. Nothing of it is kept but what every process
 * caches anyway (loaded modules, compiled functions); the sample's schemas are its own object,
 * so the app's validators share nothing with it.
 */
import type { ParamModel } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import { compileSerializer } from '../runtime/serialize/index.js';
import { compileCoercer, compileResponseCheck, type InputError } from '../runtime/validation/index.js';

const SAMPLE = 'SvcStandbySample';
const sampleRef: JsonSchema = { $ref: `#/components/schemas/${SAMPLE}` };

function sampleSchemas(): Record<string, JsonSchema> {
  return {
    [SAMPLE]: {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 0 },
        name: { type: 'string', minLength: 1, maxLength: 100 },
        email: { type: 'string', format: 'email' },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      },
      required: ['id', 'name'],
    },
  };
}

function param(source: 'query' | 'body', key: string | string[], schema: JsonSchema): ParamModel {
  return { file: '', line: 0, index: 0, name: 'sample', source, key, required: true, schema };
}

/** Compiles and runs the sample: a query and a body coercer, a serializer and a response check. */
export function warmUpCompilers(): void {
  const schemas = sampleSchemas();
  const options = { schemas, unknownProperties: 'keep' as const };
  const errors: InputError[] = [];
  const value = { id: 1, name: 'x', email: 'a@b.c', tags: ['a'] };
  compileCoercer(param('query', 'limit', { type: 'integer', minimum: 1 }), options)('5', errors);
  compileCoercer(param('body', [], sampleRef), options)(value, errors);
  compileSerializer({ type: 'array', items: sampleRef }, schemas)([value]);
  compileResponseCheck(sampleRef, schemas)(value);
}
