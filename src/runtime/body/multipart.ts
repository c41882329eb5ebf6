/**
 * Reads a `multipart/form-data` body with @fastify/busboy, as it arrives: text parts are
 * collected as text (the coercer types them like query values), file parts become `File`s
 * (src/runtime/body/file-part.ts). Every limit of the app's `uploads` option is enforced while
 * reading; the first failure stops the read, drains the rest of the body, removes what was
 * written to disk and only then rejects, so no temporary file outlives a refused upload.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { BusboyConstructor, BusboyInstance } from '@fastify/busboy';
import type { FileFieldModel } from '../../model/app-model.js';
import { FrameworkHttpError } from '../errors/problem.js';
import { declaresBody, isJsonContentType, sendContinue, tooLarge, unreadable } from '../http/body.js';
import { collectFile } from './file-part.js';
import type { UploadSettings } from './limits.js';
import { watchBody, type BodyWatch } from './timeout.js';
import { acceptsMediaType, essence, unsupportedMediaType } from './media-type.js';
import { tempFilesFor, type TempFiles } from './temp-files.js';
import { TextForm } from './text-form.js';

const MULTIPART = 'multipart/form-data';

export function malformedMultipart(reason: string): FrameworkHttpError {
  return new FrameworkHttpError('SVC_ERR_MALFORMED_MULTIPART', `The multipart body is malformed: ${reason}.`);
}

function tooMany(what: string, limit: number): FrameworkHttpError {
  return new FrameworkHttpError(
    'SVC_ERR_TOO_MANY_PARTS',
    `The multipart body has more than ${limit} ${what}.`,
    undefined,
    { connection: 'close' },
  );
}

/** The app's `uploads` limits and its body timeout (./timeout.ts; 0: none). */
export type MultipartLimits = UploadSettings & { timeoutMs: number };

/**
 * @fastify/busboy (12 CommonJS modules), loaded by the first multipart body rather than with the
 * runtime: an app without uploads never loads it. Later reads take the loaded one without a wait.
 */
let busboy: BusboyConstructor | undefined;

async function loadBusboy(): Promise<BusboyConstructor> {
  busboy ??= (await import('@fastify/busboy')).Busboy;
  return busboy;
}

export async function readMultipart(
  req: IncomingMessage,
  res: ServerResponse,
  files: readonly FileFieldModel[],
  limits: MultipartLimits,
): Promise<TextForm | undefined> {
  if (!declaresBody(req, limits.totalSize)) return undefined;
  const type = req.headers['content-type'];
  if (essence(type) !== MULTIPART) throw unsupportedMediaType('a body', essence(type), [MULTIPART]);
  const parser = createParser(busboy ?? (await loadBusboy()), req, type as string, limits);
  sendContinue(req);
  return new MultipartRead(req, parser, files, limits, tempFilesFor(res, limits.tempDir)).done;
}

function createParser(
  Busboy: BusboyConstructor,
  req: IncomingMessage,
  type: string,
  limits: MultipartLimits,
): BusboyInstance {
  try {
    return Busboy({
      headers: { ...req.headers, 'content-type': type },
      preservePath: true,
      limits: {
        files: limits.files,
        fields: limits.fields,
        fieldSize: limits.fieldSize,
        fieldNameSize: 1024,
      },
    });
  } catch (error) {
    throw malformedMultipart(
      error instanceof Error ? error.message.replace(/^Multipart: /, '') : 'unreadable',
    );
  }
}

class MultipartRead {
  readonly done: Promise<TextForm>;
  private readonly form = new TextForm();
  private readonly pending: Promise<void>[] = [];
  private settled = false;
  private resolve!: (form: TextForm) => void;
  private reject!: (error: unknown) => void;
  /** The body timeout's watch (./timeout.ts): told of each chunk, stopped once the read is settled. */
  private readonly watch: BodyWatch;

  constructor(
    private readonly req: IncomingMessage,
    private readonly parser: BusboyInstance,
    private readonly fields: readonly FileFieldModel[],
    private readonly limits: MultipartLimits,
    private readonly temps: TempFiles,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // A client gone quiet mid-body fails like any other limit: files removed, then the 408.
    this.watch = watchBody(req, limits.timeoutMs, (error) => this.fail(error));
    this.listen();
    this.feed();
  }

  private listen(): void {
    const { parser, limits } = this;
    parser.on('file', (name, stream, filename, _encoding, mimeType) =>
      this.onFile(name, stream, filename, mimeType),
    );
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) return this.fail(fieldTooLarge(name, limits.fieldSize));
      this.form.addText(name, value);
    });
    parser.on('filesLimit', () => this.fail(tooMany('files', limits.files)));
    parser.on('fieldsLimit', () => this.fail(tooMany('text fields', limits.fields)));
    parser.on('error', (error) =>
      this.fail(malformedMultipart(error instanceof Error ? error.message : 'unreadable')),
    );
    parser.on('finish', () => {
      Promise.all(this.pending).then(
        () => this.succeed(),
        (error: unknown) => this.fail(error),
      );
    });
  }

  /** The request's bytes into the parser, counted against the total; the parser's pace holds the socket. */
  private feed(): void {
    const { req, parser, limits } = this;
    let total = 0;
    const onData = (chunk: Buffer): void => {
      this.watch.heard++;
      total += chunk.length;
      if (total > limits.totalSize) return this.fail(tooLarge(limits.totalSize));
      if (!parser.write(chunk)) {
        req.pause();
        parser.once('drain', () => this.settled || req.resume());
      }
    };
    req.on('data', onData);
    req.once('end', () => this.settled || parser.end());
    req.once('error', () => this.fail(unreadable()));
  }

  private onFile(name: string, stream: NodeJS.ReadableStream, filename: string, mimeType: string): void {
    const field = this.fields.find((candidate) => candidate.name === name);
    const readable = stream as Readable;
    if (this.settled) return void readable.resume();
    // A JSON value sent as a file part (a Blob in a browser's FormData): its text, like a text part.
    if (field === undefined && isJsonContentType(mimeType)) return this.onJsonPart(name, readable);
    // An undeclared file is read and dropped (it still counts against the limits).
    if (field === undefined) return void readable.resume();
    const type = mimeType.toLowerCase();
    if (field.mediaTypes !== undefined && !acceptsMediaType(field.mediaTypes, type)) {
      readable.resume();
      return this.fail(unsupportedMediaType(`field '${name}'`, type, field.mediaTypes));
    }
    const maxSize = Math.min(field.maxSize ?? Infinity, this.limits.fileSize);
    const part = { field: name, filename, type, maxSize, memoryThreshold: this.limits.memoryThreshold };
    const file = collectFile(readable, part, this.temps).then((value) => this.form.addFile(name, value));
    // Failures are taken here at once (and again, harmlessly, by the Promise.all at the end).
    file.catch((error: unknown) => this.fail(error));
    this.pending.push(file);
  }

  private onJsonPart(name: string, stream: Readable): void {
    const limit = this.limits.fieldSize;
    const read = new Promise<void>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= limit) return void chunks.push(chunk);
        stream.removeAllListeners('data');
        stream.resume();
        reject(fieldTooLarge(name, limit));
      });
      stream.once('error', reject);
      stream.once('end', () => {
        if (size <= limit) this.form.addText(name, Buffer.concat(chunks).toString('utf8'));
        resolve();
      });
    });
    read.catch((error: unknown) => this.fail(error));
    this.pending.push(read);
  }

  private succeed(): void {
    if (this.settled) return;
    this.settled = true;
    this.watch.stop();
    this.resolve(this.form);
  }

  /** The first failure wins: stop parsing, drain the body, remove the files, then reject. */
  private fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.watch.stop();
    const { req, parser } = this;
    req.removeAllListeners('data');
    req.resume();
    parser.removeAllListeners('file');
    parser.on('error', () => {});
    parser.destroy();
    this.temps.removeAll().then(
      () => this.reject(error),
      () => this.reject(error),
    );
  }
}

function fieldTooLarge(name: string, limit: number): FrameworkHttpError {
  return new FrameworkHttpError(
    'SVC_ERR_FIELD_TOO_LARGE',
    `The text field '${name}' is larger than the limit of ${limit} bytes.`,
    [{ in: 'body', name: `/${name}`, message: `must be at most ${limit} bytes` }],
  );
}
