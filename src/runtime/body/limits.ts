/**
 * The limits of multipart bodies as a request reads them: the app's `uploads` option merged key
 * by key (createApp's over the model's) over the defaults of src/model/app-options.ts.
 */
import { tmpdir } from 'node:os';
import { DEFAULT_UPLOADS, type UploadOptions } from '../../model/app-options.js';

export interface UploadLimits extends Required<UploadOptions> {
  /** The whole body of a raw or JSON route (the app's `bodyLimit`). */
  bodyLimit: number;
}

export type UploadSettings = Required<UploadOptions>;

export function resolveUploads(
  given: UploadOptions | undefined,
  model: UploadOptions | undefined,
): UploadSettings {
  const defined = (options: UploadOptions | undefined): UploadOptions =>
    Object.fromEntries(Object.entries(options ?? {}).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_UPLOADS, tempDir: tmpdir(), ...defined(model), ...defined(given) };
}
