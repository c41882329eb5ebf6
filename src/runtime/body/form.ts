/**
 * A form-shaped body whose route `@accepts application/x-www-form-urlencoded`: the pairs as text
 * (bound like query values by src/runtime/body/coercer.ts), or, when the route accepts JSON too,
 * a JSON body as usual. Up to the app's `bodyLimit`.
 */
import type { IncomingMessage } from 'node:http';
import { declaresBody, isJsonContentType, parseJsonBody, readBytes, sendContinue } from '../http/body.js';
import { essence, unsupportedMediaType } from './media-type.js';
import { TextForm } from './text-form.js';

export const FORM = 'application/x-www-form-urlencoded';

export async function readForm(
  req: IncomingMessage,
  json: boolean,
  limit: number,
  timeoutMs = 0,
): Promise<unknown> {
  if (!declaresBody(req, limit)) return undefined;
  const type = req.headers['content-type'];
  const isJson = json && type !== undefined && isJsonContentType(type);
  if (!isJson && essence(type) !== FORM) {
    throw unsupportedMediaType('a body', essence(type), json ? [FORM, 'application/json'] : [FORM]);
  }
  sendContinue(req);
  const bytes = await readBytes(req, limit, timeoutMs);
  if (isJson) return parseJsonBody(bytes.toString('utf8'));
  return TextForm.fromSearchParams(new URLSearchParams(bytes.toString('utf8')));
}
