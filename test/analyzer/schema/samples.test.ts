/**
 * What each schema golden accepts. Every subject of a case has JSON samples in
 * `<case>/samples.json`, written by hand from the TypeScript types in `main.ts` (never from the
 * golden): the golden's schema, compiled by ajv's JSON Schema 2020-12 dialect in strict mode,
 * must accept every `valid` sample and refuse every `invalid` one. So a golden that says less,
 * or more, than its type fails here even when it matches the analyzer's output byte for byte.
 * Every schema of a golden is also checked against the 2020-12 meta-schema.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { JsonSchema } from '../../../src/model/json-schema.js';
import { caseFile, fixtureCases } from './fixture-program.js';
import { schemaValidator, type SchemaValidator } from './strict-ajv.js';

interface Golden {
  schemas: Record<string, JsonSchema>;
  components: Record<string, JsonSchema>;
}

/** A subject's samples; `note` says why a type admits fewer than two of either kind. */
interface Samples {
  valid: unknown[];
  invalid: unknown[];
  note?: string;
}

const MIN_SAMPLES = 2;

function readJson<T>(name: string, file: string): T {
  return JSON.parse(readFileSync(caseFile(name, file), 'utf8')) as T;
}

function checkSamples(validator: SchemaValidator, subject: string, samples: Samples): void {
  const validate = validator.compile(subject);
  for (const [index, value] of samples.valid.entries()) {
    const accepted = validate(value);
    const errors = JSON.stringify(validate.errors);
    assert.ok(accepted, `valid sample ${index} of ${subject} refused: ${JSON.stringify(value)}\n${errors}`);
  }
  for (const [index, value] of samples.invalid.entries())
    assert.equal(
      validate(value),
      false,
      `invalid sample ${index} of ${subject} accepted: ${JSON.stringify(value)}`,
    );
}

for (const name of fixtureCases()) {
  describe(`schema samples: ${name}`, () => {
    const golden = readJson<Golden>(name, 'schema.json');
    const samples = readJson<Record<string, Samples>>(name, 'samples.json');
    const validator = schemaValidator(golden.schemas, golden.components);

    test('samples.json has an entry for exactly the golden subjects', () => {
      assert.deepEqual(Object.keys(samples).sort(), Object.keys(golden.schemas).sort());
    });

    test('every schema is valid JSON Schema 2020-12 and compiles in strict mode', () => {
      assert.deepEqual(validator.problems(), []);
    });

    for (const [subject, entry] of Object.entries(samples)) {
      test(subject, () => {
        const few = entry.valid.length < MIN_SAMPLES || entry.invalid.length < MIN_SAMPLES;
        assert.ok(
          !few || entry.note,
          `${subject}: fewer than ${MIN_SAMPLES} samples of a kind needs a note saying why`,
        );
        checkSamples(validator, subject, entry);
      });
    }
  });
}
