/** Writes `.svc/svc_swagger/swagger.json` and `swagger.yaml`: the same document, deterministic bytes. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OpenApiDocument } from './types.js';
import { jsonToYaml } from './yaml.js';

export const SPEC_DIRECTORY = path.join('.svc', 'svc_swagger');

export function documentToJson(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** YAML without anchors/aliases (a shared schema object is written out each time) and without folding. */
export function documentToYaml(document: OpenApiDocument): string {
  return jsonToYaml(document);
}

export async function writeSpecFiles(
  root: string,
  document: OpenApiDocument,
): Promise<{ jsonPath: string; yamlPath: string }> {
  const directory = path.join(root, SPEC_DIRECTORY);
  await mkdir(directory, { recursive: true });
  const jsonPath = path.join(directory, 'swagger.json');
  const yamlPath = path.join(directory, 'swagger.yaml');
  await Promise.all([
    writeFile(jsonPath, documentToJson(document), 'utf8'),
    writeFile(yamlPath, documentToYaml(document), 'utf8'),
  ]);
  return { jsonPath, yamlPath };
}
