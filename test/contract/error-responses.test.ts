/**
 * `@ApiResponse(404, {description})` with no type: svc answers thrown HttpErrors with
 * application/problem+json, so the document must say so (it used to say "no content").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { documentErrorBodies } from '../../src/analyzer/problem.js';
import type { ApiResponseModel } from '../../src/model/app-model.js';

describe('documented error responses without a type', () => {
  it('carry the problem schema as application/problem+json', () => {
    const responses: ApiResponseModel[] = [
      { status: 201, description: 'Created' },
      { status: 404, description: 'No such user' },
      { status: 418, description: 'Caught', schema: { type: 'string' } },
    ];
    documentErrorBodies(responses, 'ProblemDetails');
    assert.deepEqual(responses, [
      { status: 201, description: 'Created' },
      {
        status: 404,
        description: 'No such user',
        schema: { $ref: '#/components/schemas/ProblemDetails' },
        mediaType: 'application/problem+json',
      },
      { status: 418, description: 'Caught', schema: { type: 'string' } },
    ]);
  });
});
