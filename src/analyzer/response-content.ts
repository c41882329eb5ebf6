/**
 * Two answers under one status (a handler's error and a guard's block, two errors two catchers
 * shape): one response that lists both bodies, so a client built from the document expects
 * either. The writer puts each media type under `content`, a `oneOf` where two share one.
 */
import type { ApiResponseModel, ResponseContentModel } from '../model/app-model.js';

/** The bodies of a response: its own, then its alternatives. */
export function contentsOf(response: ApiResponseModel): ResponseContentModel[] {
  const own: ResponseContentModel[] =
    response.schema !== undefined ? [{ schema: response.schema, mediaType: response.mediaType }] : [];
  return [...own, ...(response.alternatives ?? [])];
}

/** `known` with `other`'s bodies beside its own (each once); `known`'s description stays. */
export function addContent(known: ApiResponseModel, other: ApiResponseModel): ApiResponseModel {
  const contents = contentsOf(known);
  const seen = new Set(contents.map(contentKey));
  for (const content of contentsOf(other)) {
    if (!seen.has(contentKey(content))) {
      seen.add(contentKey(content));
      contents.push(content);
    }
  }
  if (contents.length === contentsOf(known).length) return known;
  // Written in place now: a shared component says only svc's own body.
  const {
    shared: _shared,
    alternatives: _alternatives,
    schema: _schema,
    mediaType: _mediaType,
    ...rest
  } = known;
  const [first, ...more] = contents;
  const merged: ApiResponseModel = { ...rest, ...first };
  if (more.length > 0) merged.alternatives = more;
  return merged;
}

function contentKey(content: ResponseContentModel): string {
  return JSON.stringify([content.mediaType ?? 'application/json', content.schema ?? null]);
}
