/**
 * Writes `.svc/svc_swagger/openapi-3.2.json` and `openapi-3.2.yaml` beside the 3.0.3
 * `swagger.json`/`swagger.yaml`: the same content twice, deterministic bytes, same writers.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SPEC_DIRECTORY } from '../write.js';
import { jsonToYaml } from '../yaml.js';
import type { OpenApi32Document } from './document.js';

export function document32ToJson(document: OpenApi32Document): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

export function document32ToYaml(document: OpenApi32Document): string {
  return jsonToYaml(document);
}

export async function writeSpec32Files(
  root: string,
  document: OpenApi32Document,
): Promise<{ jsonPath: string; yamlPath: string }> {
  const directory = path.join(root, SPEC_DIRECTORY);
  await mkdir(directory, { recursive: true });
  const jsonPath = path.join(directory, 'openapi-3.2.json');
  const yamlPath = path.join(directory, 'openapi-3.2.yaml');
  await Promise.all([
    writeFile(jsonPath, document32ToJson(document), 'utf8'),
    writeFile(yamlPath, document32ToYaml(document), 'utf8'),
  ]);
  return { jsonPath, yamlPath };
}
