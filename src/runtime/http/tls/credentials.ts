/**
 * The key and certificate of the `tls` option, read and checked at start-up, so a missing file,
 * a file that is not PEM or a key that is not the certificate's stops start-up, named, instead
 * of failing every handshake later.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSecureContext } from 'node:tls';
import { SvcError } from '../../errors/svc-error.js';
import type { Given, Pem, TlsSources } from './sources.js';

export interface TlsSettings {
  key: Buffer;
  cert: Buffer;
  /** HTTP/2 beside HTTP/1.1 (ALPN); false serves HTTP/1.1 over TLS only. */
  http2: boolean;
}

/** `root`: what relative paths are relative to (the project root). */
export function readCredentials(sources: TlsSources, root: string): TlsSettings {
  const key = readPem(sources.key, 'key', root);
  const cert = readPem(sources.cert, 'certificate', root);
  checkPair(key, cert, sources.key.where, sources.cert.where);
  return { key, cert, http2: sources.http2 };
}

/** PEM bytes, PEM text, or a file path (relative to `root`). */
function readPem(given: Given<Pem>, what: 'key' | 'certificate', root: string): Buffer {
  const { value, where } = given;
  if (typeof value !== 'string') return Buffer.from(value);
  if (value.startsWith('-----BEGIN')) return Buffer.from(value);
  const file = resolve(root, value);
  try {
    return readFileSync(file);
  } catch (error) {
    throw credentialsError(`cannot read the TLS ${what} file ${file} (given in ${where})`, error);
  }
}

/** Each one parses, and together they make a context (the key is the certificate's). */
function checkPair(key: Buffer, cert: Buffer, keyWhere: string, certWhere: string): void {
  try {
    createPrivateKey(key);
  } catch (error) {
    throw credentialsError(`the TLS key (given in ${keyWhere}) is not an unencrypted PEM private key`, error);
  }
  try {
    new X509Certificate(cert);
  } catch (error) {
    throw credentialsError(`the TLS certificate (given in ${certWhere}) is not a PEM certificate`, error);
  }
  try {
    createSecureContext({ key, cert });
  } catch (error) {
    throw credentialsError(
      `the TLS key (given in ${keyWhere}) and certificate (given in ${certWhere}) cannot be used together`,
      error,
    );
  }
}

function credentialsError(message: string, cause: unknown): SvcError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new SvcError('SVC_ERR_TLS_CREDENTIALS', `${message}: ${reason}`);
}
