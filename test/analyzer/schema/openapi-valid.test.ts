/**
 * Every golden's schemas are valid OpenAPI 3.0.3 Schema Objects: each case is wrapped in a
 * minimal document (subjects as extra components) and checked against the official schema.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { FIXTURE_DIR, fixtureCases } from './fixture-program.js';

for (const name of fixtureCases()) {
  test(`golden ${name} is valid OpenAPI 3.0.3`, async () => {
    const golden = JSON.parse(readFileSync(path.join(FIXTURE_DIR, `${name}.golden.json`), 'utf8')) as {
      schemas: Record<string, unknown>;
      components: Record<string, unknown>;
    };
    const subjects = Object.fromEntries(
      Object.entries(golden.schemas).map(([key, schema]) => [
        `subject_${key.replace(/[^A-Za-z0-9._-]/g, '_')}`,
        schema,
      ]),
    );
    const document = {
      openapi: '3.0.3',
      info: { title: name, version: '1.0.0' },
      paths: {},
      components: { schemas: { ...golden.components, ...subjects } },
    };
    const result = await new Validator().validate(document);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
  });
}
