/**
 * A body that is not JSON, as the typed client sends it (docs/client.md): a multipart body's
 * object becomes `FormData` (a `File` field takes any `Blob`), a form's the urlencoded pairs, a
 * raw body is sent as given (`Uint8Array`, `Blob`, or a `ReadableStream`).
 */
import type { BodyMediaModel } from '../model/app-model.js';

/** What `OperationSpec.body` says to the runtime (template/core.ts); absent: JSON. */
export type BodySending = 'multipart' | 'form' | 'raw';

export function bodySending(media: BodyMediaModel | undefined): BodySending | undefined {
  if (media === undefined) return undefined;
  if (media.kind === 'multipart') return 'multipart';
  return media.kind === 'form' ? 'form' : 'raw';
}

/** The argument type of a raw body. */
export function rawBodyType(media: BodyMediaModel): string {
  return media.kind === 'stream' ? 'Uint8Array | Blob | ReadableStream<Uint8Array>' : 'Uint8Array | Blob';
}
