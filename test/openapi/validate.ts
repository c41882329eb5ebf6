/**
 * Test helpers: a document validates against the official OpenAPI 3.0 or 3.1 schema
 * (@seriousme/openapi-schema-validator), and @apidevtools/swagger-parser, a second validator with
 * its own reading of the specification (references resolved, parameters and paths checked), accepts it.
 */
import assert from 'node:assert/strict';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';

type ParserInput = Parameters<typeof SwaggerParser.validate>[0];

async function assertValid(document: unknown, version: '3.0' | '3.1'): Promise<void> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document) as Parameters<Validator['validate']>[0]);
  assert.equal(validator.version, version, `the document is read as OpenAPI ${version}`);
  assert.deepEqual(result.errors ?? [], [], `the document validates against the OpenAPI ${version} schema`);
  assert.equal(result.valid, true);
  // swagger-parser dereferences in place: it gets a copy.
  await SwaggerParser.validate(structuredClone(document) as ParserInput);
}

export async function assertValidOpenApi(document: unknown): Promise<void> {
  await assertValid(document, '3.0');
}

export async function assertValidOpenApi31(document: unknown): Promise<void> {
  await assertValid(document, '3.1');
}
