/**
 * Chooses, once per route at start-up, how its body comes off the wire: the route's whole
 * `@Body()` parameter says (its `bodyMedia` in the app model); without one the body is JSON and
 * the pipeline reads it itself.
 */
import type { ParamModel } from '../../model/app-model.js';
import type { Exchange } from '../http/exchange.js';
import type { PipelineSettings } from '../lifecycle/pipeline.js';
import { readForm } from './form.js';
import { resolveUploads } from './limits.js';
import { readMultipart } from './multipart.js';
import { readRawBytes, readRawStream } from './raw.js';

export type BodyReader = (ex: Exchange) => Promise<unknown>;

export function compileBodyReader(
  params: readonly ParamModel[],
  settings: PipelineSettings,
): BodyReader | undefined {
  const media = params.find((param) => param.source === 'body' && param.bodyMedia !== undefined)?.bodyMedia;
  if (media === undefined) return undefined;
  const limit = settings.bodyLimit;
  switch (media.kind) {
    case 'multipart': {
      const uploads = settings.uploads ?? resolveUploads(undefined, undefined);
      return (ex) => readMultipart(ex.req, ex.res, media.files, uploads);
    }
    case 'form':
      return (ex) => readForm(ex.req, media.json, limit);
    case 'bytes':
      return (ex) => readRawBytes(ex.req, media.mediaTypes, limit);
    case 'stream':
      return (ex) => readRawStream(ex.req, media.mediaTypes, limit, media.api);
  }
}
