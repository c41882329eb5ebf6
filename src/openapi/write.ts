/**
 * The one file writer: `.svc/svc_swagger/` holds each document as JSON and YAML, the same content
 * twice, deterministic bytes: `swagger.{json,yaml}` (OpenAPI 3.0.3), `openapi-3.1.{json,yaml}`
 * and `openapi-3.2.{json,yaml}`. `svc dev` and `svc build` write all six (`writeOpenApiFiles`).
 */
import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppModel } from '../model/app-model.js';
import type { DocumentTexts } from './document-cache.js';
import { placeOpenApi30 } from './document.js';
import { buildNeutralDocument } from './neutral-document.js';
import type { OpenApi31Document, OpenApi32Document, OpenApiDocument } from './types.js';
import { placeOpenApi31 } from './v31/document.js';
import { placeOpenApi32 } from './v32/document.js';
import { jsonToYaml } from './yaml.js';

export const SPEC_DIRECTORY = path.join('.svc', 'svc_swagger');

/** Each version's file name, without `.json` / `.yaml`. */
export const SPEC_FILE_NAMES = { '3.0.3': 'swagger', '3.1': 'openapi-3.1', '3.2': 'openapi-3.2' } as const;

type AnyDocument = OpenApiDocument | OpenApi31Document | OpenApi32Document;

export interface WrittenSpec {
  jsonPath: string;
  yamlPath: string;
}

export function documentToJson(document: AnyDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** YAML without anchors/aliases (a shared schema object is written out each time) and without folding. */
export function documentToYaml(document: AnyDocument): string {
  return jsonToYaml(document);
}

/** The three documents of `model`, from one neutral document. */
export function buildOpenApiDocuments(model: AppModel): {
  '3.0.3': OpenApiDocument;
  '3.1': OpenApi31Document;
  '3.2': OpenApi32Document;
} {
  const neutral = buildNeutralDocument(model);
  return { '3.0.3': placeOpenApi30(neutral), '3.1': placeOpenApi31(neutral), '3.2': placeOpenApi32(neutral) };
}

/** Writes the six files of `model`'s three documents. */
export async function writeOpenApiFiles(
  root: string,
  model: AppModel,
): Promise<Record<keyof typeof SPEC_FILE_NAMES, WrittenSpec>> {
  const documents = buildOpenApiDocuments(model);
  const [v30, v31, v32] = await Promise.all([
    writeSpecFiles(root, documents['3.0.3']),
    writeSpec31Files(root, documents['3.1']),
    writeSpec32Files(root, documents['3.2']),
  ]);
  return { '3.0.3': v30, '3.1': v31, '3.2': v32 };
}

/** Writes the six files from texts made beforehand (`svc dev`'s cache, ./document-cache.ts). */
export async function writeDocumentTexts(root: string, texts: DocumentTexts): Promise<void> {
  const directory = path.join(root, SPEC_DIRECTORY);
  await mkdir(directory, { recursive: true });
  const versions = Object.keys(SPEC_FILE_NAMES) as (keyof typeof SPEC_FILE_NAMES)[];
  await Promise.all(
    versions.flatMap((version) => [
      writeChunks(path.join(directory, `${SPEC_FILE_NAMES[version]}.json`), texts[version].json),
      writeChunks(path.join(directory, `${SPEC_FILE_NAMES[version]}.yaml`), texts[version].yaml),
    ]),
  );
}

/** One gathering write of the chunks (libuv writes them all, IOV_MAX at a time). */
async function writeChunks(file: string, chunks: Buffer[]): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.writev(chunks);
  } finally {
    await handle.close();
  }
}

export function writeSpecFiles(root: string, document: OpenApiDocument): Promise<WrittenSpec> {
  return writePair(root, SPEC_FILE_NAMES['3.0.3'], document);
}

export function writeSpec31Files(root: string, document: OpenApi31Document): Promise<WrittenSpec> {
  return writePair(root, SPEC_FILE_NAMES['3.1'], document);
}

export function writeSpec32Files(root: string, document: OpenApi32Document): Promise<WrittenSpec> {
  return writePair(root, SPEC_FILE_NAMES['3.2'], document);
}

async function writePair(root: string, name: string, document: AnyDocument): Promise<WrittenSpec> {
  const directory = path.join(root, SPEC_DIRECTORY);
  await mkdir(directory, { recursive: true });
  const jsonPath = path.join(directory, `${name}.json`);
  const yamlPath = path.join(directory, `${name}.yaml`);
  await Promise.all([
    writeFile(jsonPath, documentToJson(document), 'utf8'),
    writeFile(yamlPath, documentToYaml(document), 'utf8'),
  ]);
  return { jsonPath, yamlPath };
}
