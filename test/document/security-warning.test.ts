/** The analyzer warning for a guard that binds `Authorization` in a class without @ApiSecurity. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyzeProject, buildOpenApiDocument, formatDiagnostic } from '../../src/entries/openapi.js';

const root = fileURLToPath(new URL('../fixtures/document/unsecured/', import.meta.url));

it('warns once, at the guard parameter, and the document keeps the header and has no security', () => {
  const result = analyzeProject({ root });
  assert.deepEqual(result.diagnostics.map(formatDiagnostic), [
    'src/app.ts:6: warning: the guard TokenGuard.check reads the Authorization header but TokenGuard has no @ApiSecurity(name, scheme); the document shows no security requirement for the routes it covers',
  ]);
  assert.deepEqual(result.diagnostics[0]?.severity, 'warning');
  const document = buildOpenApiDocument(result.model!);
  const read = document.paths['/private']?.get;
  assert.equal(read?.security, undefined);
  assert.equal(document.components?.securitySchemes, undefined);
  assert.deepEqual(
    read?.parameters?.map((parameter) => `${parameter.in}:${parameter.name.toLowerCase()}`),
    ['header:authorization'],
  );
});
