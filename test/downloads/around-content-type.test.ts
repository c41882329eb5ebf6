/**
 * A route's `@contentType` holds when an around-interceptor wraps its handler: the answer the
 * interceptor passes on is sent as the declared type, as it is without one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { viaSocket } from '../runtime/helpers.js';
import { serveTransfers } from './transfers-app.js';

describe('@contentType behind an around-interceptor', () => {
  const served = serveTransfers();

  it('a Blob without a type of its own is sent as the declared application/pdf', async () => {
    const reply = await viaSocket(served.base, { method: 'GET', url: '/api/transfers/wrapped-pdf' });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-type'], 'application/pdf');
    assert.equal(reply.text, '%PDF-1.7');
  });

  it('a stream is sent as the declared text/csv', async () => {
    const reply = await viaSocket(served.base, { method: 'GET', url: '/api/transfers/wrapped-csv' });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-type'], 'text/csv');
    assert.equal(reply.text, 'id\n1\n');
  });
});
