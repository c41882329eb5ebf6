/** Test helper: asserts a document validates against the official OpenAPI 3.2 schema. */
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';

export async function assertValidOpenApi32(document: unknown): Promise<void> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document) as Parameters<Validator['validate']>[0]);
  assert.equal(validator.version, '3.2', 'the document is read as OpenAPI 3.2');
  assert.deepEqual(result.errors ?? [], [], 'the document validates against the OpenAPI 3.2 schema');
  assert.equal(result.valid, true);
}
