/**
 * HTTPS and HTTP/2 for the `tls` option. Imported by `createApp` only when the option is on, so
 * an app served over plain HTTP never loads node:http2, node:https or this folder's modules
 * (the server imports types and connections.ts only).
 */
import { readCredentials } from './credentials.js';
import { createSecureServer, type SecureServer, type Serve } from './secure-server.js';
import type { TlsSources } from './sources.js';

/** Makes the TLS server around the two serve functions (HTTP/1.1 requests, HTTP/2 streams). */
export type SecureServerFactory = (serveHttp1: Serve, serveHttp2: Serve) => SecureServer;

/** Reads and checks the key and certificate now (start-up); the server is made at `listen`. */
export function secureServerFactory(sources: TlsSources, root: string): SecureServerFactory {
  const settings = readCredentials(sources, root);
  return (serveHttp1, serveHttp2) => createSecureServer(settings, serveHttp1, serveHttp2);
}
