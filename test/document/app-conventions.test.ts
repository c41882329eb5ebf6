/**
 * What the analyzer learns from an app's own conventions (test/fixtures/apps/conventions), in all
 * three documents: a route whose handler, or a service method it calls, publishes through svc's
 * `PubSub` documents the 503 a publish answers when the transport is down, and no other route does
 * (not one calling a `publish` of the app's own); a 404 thrown two calls below the handler, in a
 * recursive private helper, is documented, and a 409 four calls below is not (the bound); a
 * JSDoc description keeps the author's line breaks.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  analyzeProject,
  buildOpenApi31Document,
  buildOpenApi32Document,
  buildOpenApiDocument,
  formatDiagnostic,
} from '../../src/entries/openapi.js';

const root = fileURLToPath(new URL('../fixtures/apps/conventions/', import.meta.url));

interface Response {
  description: string;
  content?: Record<string, { schema: unknown }>;
  $ref?: string;
}
interface Operation {
  summary?: string;
  description?: string;
  responses: Record<string, Response>;
}
interface AnyDocument {
  paths: Record<string, Record<string, Operation>>;
}

const result = analyzeProject({ root });
const documents: [string, AnyDocument][] = [
  ['3.0.3', buildOpenApiDocument(result.model!) as unknown as AnyDocument],
  ['3.1', buildOpenApi31Document(result.model!) as unknown as AnyDocument],
  ['3.2', buildOpenApi32Document(result.model!) as unknown as AnyDocument],
];

/** `POST /notes` for each operation documenting `status`, sorted. */
function operationsWith(document: AnyDocument, status: string): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.responses?.[status] !== undefined)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

describe('an app of services and PubSub in the documents', () => {
  it('the analysis is clean', () => {
    assert.deepEqual(result.diagnostics.map(formatDiagnostic), []);
  });

  it('documents the 503 of a publish on exactly the routes that publish, as problem+json', () => {
    for (const [version, document] of documents) {
      assert.deepEqual(operationsWith(document, '503'), ['POST /notes', 'POST /notes/shared'], version);
      for (const path of ['/notes', '/notes/shared']) {
        const answer = document.paths[path]!.post!.responses['503']!;
        assert.equal(
          answer.description,
          'Service Unavailable: the message was not published (the PubSub transport is down or did not answer in time)',
          version,
        );
        assert.deepEqual(Object.keys(answer.content ?? {}), ['application/problem+json'], version);
      }
    }
  });

  it('documents a throw two calls below the handler, not one four calls below', () => {
    for (const [version, document] of documents) {
      assert.deepEqual(
        Object.keys(document.paths['/notes/{id}']!.get!.responses),
        ['200', '400', '404'],
        version,
      );
      assert.deepEqual(Object.keys(document.paths['/notes']!.get!.responses), ['200'], version);
      assert.deepEqual(operationsWith(document, '404'), ['GET /notes/{id}'], version);
      assert.deepEqual(operationsWith(document, '409'), [], version);
    }
  });

  it('keeps the line breaks of a JSDoc description as written', () => {
    for (const [version, document] of documents) {
      const post = document.paths['/notes']!.post!;
      assert.equal(post.summary, 'Posts a note to everyone listening.', version);
      assert.equal(
        post.description,
        [
          'Answers 202 once the transport has it:',
          '- 503 while the transport is down,',
          '- 400 for a note that is not one.',
          '',
          'Listeners get it once.',
        ].join('\n'),
        version,
      );
    }
  });
});
