/**
 * Chooses, once per route at start-up, how its body comes off the wire: the route's whole
 * `@Body()` parameter says (its `bodyMedia` in the app model); without one the body is JSON
 * (`jsonBodyReader`, which the pipeline reads with). Every reader is held to the app's
 * `bodyTimeoutMs` (./timeout.ts).
 */
import type { ParamModel } from '../../model/app-model.js';
import { DEFAULT_BODY_TIMEOUT_MS } from '../../model/app-options.js';
import { readJsonBody } from '../http/body.js';
import type { Exchange } from '../http/exchange.js';
import type { PipelineSettings } from '../lifecycle/pipeline.js';
import { readForm } from './form.js';
import { resolveUploads } from './limits.js';
import { readMultipart } from './multipart.js';
import { readRawBytes, readRawStream } from './raw.js';

export type BodyReader = (ex: Exchange) => Promise<unknown>;

/** The app's body timeout in ms (0: none); absent from the settings, the default. */
function timeoutOf(settings: PipelineSettings): number {
  return settings.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
}

/** A JSON body, up to the body limit. */
export function jsonBodyReader(settings: PipelineSettings): BodyReader {
  const limit = settings.bodyLimit;
  const timeoutMs = timeoutOf(settings);
  return (ex) => readJsonBody(ex.req, limit, timeoutMs);
}

export function compileBodyReader(
  params: readonly ParamModel[],
  settings: PipelineSettings,
): BodyReader | undefined {
  const media = params.find((param) => param.source === 'body' && param.bodyMedia !== undefined)?.bodyMedia;
  if (media === undefined) return undefined;
  const limit = settings.bodyLimit;
  const timeoutMs = timeoutOf(settings);
  switch (media.kind) {
    case 'multipart': {
      const limits = { ...(settings.uploads ?? resolveUploads(undefined, undefined)), timeoutMs };
      return (ex) => readMultipart(ex.req, ex.res, media.files, limits);
    }
    case 'form': {
      return (ex) => readForm(ex.req, media.json, limit, timeoutMs);
    }
    case 'bytes': {
      return (ex) => readRawBytes(ex.req, media.mediaTypes, limit, timeoutMs);
    }
    case 'stream': {
      const options = { mediaTypes: media.mediaTypes, limit, api: media.api, timeoutMs };
      return (ex) => readRawStream(ex.req, ex.res, options);
    }
  }
}
