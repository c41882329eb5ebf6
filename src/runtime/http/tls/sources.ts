/**
 * Where the `tls` option's key and certificate come from. Each of `key`, `cert` and `http2` is
 * taken from the first place that gives it: `createApp`, then `SVC_TLS_KEY` / `SVC_TLS_CERT`
 * (which `svc start --tls-key/--tls-cert` set), then the model (`@App` over `svc.config.json`);
 * `tls: false` stops the search. Nothing is read here (credentials.ts reads and checks), so an
 * app served over plain HTTP loads none of the TLS modules.
 */
import type { RuntimeTlsOptions, TlsOptions } from '../../../model/app-options.js';
import { SvcError } from '../../errors/svc-error.js';

export const TLS_KEY_ENV = 'SVC_TLS_KEY';
export const TLS_CERT_ENV = 'SVC_TLS_CERT';

/** A key or certificate: PEM bytes, PEM text, or a file path. */
export type Pem = string | Uint8Array;

/** One value and where it was given, for the messages. */
export interface Given<T> {
  value: T;
  where: string;
}

export interface TlsSources {
  key: Given<Pem>;
  cert: Given<Pem>;
  http2: boolean;
}

interface Level {
  where: string;
  tls: RuntimeTlsOptions | false | undefined;
}

type Found = Partial<Pick<TlsSources, 'key' | 'cert'>> & { http2?: boolean };

/** Undefined when no key and no certificate are given (plain HTTP); one without the other stops start-up. */
export function tlsSources(
  given: RuntimeTlsOptions | false | undefined,
  model: TlsOptions | false | undefined,
  env: NodeJS.ProcessEnv = process.env,
): TlsSources | undefined {
  const found = mergeLevels([
    { where: 'createApp', tls: given },
    ...envLevels(env),
    { where: '@App or svc.config.json', tls: model },
  ]);
  if (found.key === undefined && found.cert === undefined) return undefined;
  if (found.key === undefined || found.cert === undefined) throw incomplete(found.key ?? found.cert);
  return { key: found.key, cert: found.cert, http2: found.http2 ?? true };
}

/** Key by key, from the first level that gives each; a level that says `false` ends the search. */
function mergeLevels(levels: readonly Level[]): Found {
  const found: Found = {};
  for (const { where, tls } of levels) {
    if (tls === false) break;
    if (tls === undefined) continue;
    if (found.key === undefined && tls.key !== undefined) found.key = { value: tls.key, where };
    if (found.cert === undefined && tls.cert !== undefined) found.cert = { value: tls.cert, where };
    found.http2 ??= tls.http2;
  }
  return found;
}

/** Each variable is a level of its own, so a message names the one that gave a value. */
function envLevels(env: NodeJS.ProcessEnv): Level[] {
  const key = env[TLS_KEY_ENV] || undefined;
  const cert = env[TLS_CERT_ENV] || undefined;
  return [
    { where: TLS_KEY_ENV, tls: key === undefined ? undefined : { key } },
    { where: TLS_CERT_ENV, tls: cert === undefined ? undefined : { cert } },
  ];
}

function incomplete(one: Given<Pem> | undefined): SvcError {
  const what = one === undefined ? '' : ` (only one, in ${one.where})`;
  return new SvcError(
    'SVC_ERR_INVALID_OPTION',
    `tls needs both a key and a certificate${what}: give tls.key and tls.cert, ` +
      `${TLS_KEY_ENV} and ${TLS_CERT_ENV}, or svc's --tls-key and --tls-cert`,
  );
}
