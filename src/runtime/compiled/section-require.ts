/**
 * The `require` ajv's standalone code calls, given to each emitted validator section: svc's
 * keyword functions by KEYWORD_RUNTIME, and ajv's own run-time helpers (`ajv/dist/runtime/...`,
 * `ajv-formats/dist/formats`) resolved from svc's own location, so the user's build output
 * needs neither package installed where it sits.
 */
import { createRequire } from 'node:module';
import { bigIntOrNull, bigIntValue, safeInteger } from '../validation/ajv-integer.js';
import { KEYWORD_RUNTIME } from '../validation/ajv-keyword-code.js';
import { compileKeyword } from '../validation/ajv-pattern.js';
import type { SectionRequire } from './module-shape.js';

const keywordRuntime = { patternKeyword: compileKeyword, safeInteger, bigIntValue, bigIntOrNull };

const requireFromSvc = createRequire(import.meta.url);

export const sectionRequire: SectionRequire = (name) =>
  name === KEYWORD_RUNTIME ? keywordRuntime : requireFromSvc(name);
