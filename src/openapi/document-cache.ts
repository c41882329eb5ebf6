/**
 * The three documents' texts, re-using what the previous write made, so that `svc dev` redoes
 * only what an edit changed. A controller's operations are kept under its key (the caller's: the
 * controller's content, the schemas it reaches and the app-wide parts an operation reads, so one
 * equal key means equal operations); each path's JSON and YAML text per version is kept while the
 * path's operations are the same objects. The texts are byte for byte what `documentToJson` and
 * `documentToYaml` make of the placed documents (test/analyzer/incremental-documents.test.ts).
 */
import type { AppModel, ControllerModel } from '../model/app-model.js';
import { schemaRef } from '../model/json-schema.js';
import { collectRefs } from '../model/refs.js';
import { openApi30Placer } from './document.js';
import type { NeutralDocument, NeutralOperation } from './neutral.js';
import { buildNeutralDocument, controllerOperations, type PathOperation } from './neutral-document.js';
import { documentFrame, mapValues, placeComponents, type VersionPlacer } from './place.js';
import { OPENAPI_31_PLACER } from './v31/document.js';
import { OPENAPI_32_PLACER } from './v32/document.js';
import { jsonToYaml, yamlEntry } from './yaml.js';

/**
 * A document's two files as UTF-8 chunks, written one after the other: the paths' texts are kept
 * encoded, so an edit encodes only its own paths and nothing copies the whole document.
 */
export interface DocumentText {
  json: Buffer[];
  yaml: Buffer[];
}

export type DocumentTexts = Record<'3.0.3' | '3.1' | '3.2', DocumentText>;

/** One path of one version: its entry in `paths`, as JSON and as YAML, and the schemas it names. */
interface PathText {
  operations: readonly NeutralOperation[];
  json: Buffer;
  yaml: Buffer;
  refs: ReadonlySet<string>;
}

/** `paths` as the frame is written before the paths go in (keys at depth 1 are unique). */
const JSON_PATHS = '\n  "paths": {}';
const YAML_PATHS = '\npaths: {}\n';
const JSON_SEPARATOR = Buffer.from(',\n');
const LINE_BREAK = Buffer.from('\n');

export class DocumentCache {
  private operations = new Map<string, readonly PathOperation[]>();
  private paths = new Map<string, PathText>();

  /** The three documents of `model`; `keyOf` names what each controller's operations are built from. */
  texts(model: AppModel, keyOf: (controller: ControllerModel) => string): DocumentTexts {
    const previous = this.operations;
    const kept = new Map<string, readonly PathOperation[]>();
    const neutral = buildNeutralDocument(model, (of, controller) => {
      const key = keyOf(controller);
      const operations = previous.get(key) ?? kept.get(key) ?? controllerOperations(of, controller);
      kept.set(key, operations);
      return operations;
    });
    this.operations = kept;
    const paths = new Map<string, PathText>();
    const texts: DocumentTexts = {
      '3.0.3': this.document(neutral, openApi30Placer(neutral), paths),
      '3.1': this.document(neutral, OPENAPI_31_PLACER, paths),
      '3.2': this.document(neutral, OPENAPI_32_PLACER, paths),
    };
    this.paths = paths;
    return texts;
  }

  private document(
    neutral: NeutralDocument,
    placer: VersionPlacer,
    kept: Map<string, PathText>,
  ): DocumentText {
    const entries = Object.entries(neutral.paths).map(([path, operations]) => {
      const key = `${placer.openapi}\u0000${path}`;
      const previous = this.paths.get(key);
      const text =
        previous && sameItems(previous.operations, operations)
          ? previous
          : pathText(placer, path, operations);
      kept.set(key, text);
      return text;
    });
    const refs = new Set<string>();
    for (const entry of entries) for (const name of entry.refs) refs.add(name);
    const responses = mapValues(neutral.responses, placer.response);
    const roots = [...refs].map((name) => schemaRef(name));
    const components = placeComponents(neutral, roots, responses, placer.schema);
    const frame = documentFrame(placer.openapi, neutral, {}, components);
    const jsonPaths =
      entries.length === 0
        ? [JSON_PATHS]
        : ['\n  "paths": {\n', ...separated(entries, 'json', JSON_SEPARATOR), '\n  }'];
    const yamlPaths =
      entries.length === 0 ? [YAML_PATHS] : ['\npaths:\n', ...separated(entries, 'yaml', LINE_BREAK), '\n'];
    return {
      json: spliced(`${JSON.stringify(frame, null, 2)}\n`, JSON_PATHS, jsonPaths),
      yaml: spliced(jsonToYaml(frame), YAML_PATHS, yamlPaths),
    };
  }
}

/** `frame` with `placeholder` (which it holds once) replaced by `parts`, as chunks. */
function spliced(frame: string, placeholder: string, parts: (string | Buffer)[]): Buffer[] {
  const at = frame.indexOf(placeholder);
  const chunks = [frame.slice(0, at), ...parts, frame.slice(at + placeholder.length)];
  return chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
}

/** Each entry's text of one format, `separator` between them. */
function separated(entries: PathText[], format: 'json' | 'yaml', separator: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (const entry of entries) {
    if (out.length > 0) out.push(separator);
    out.push(entry[format]);
  }
  return out;
}

/** A path's item placed, written at its depth (paths' entries are at depth 2 of the document). */
function pathText(placer: VersionPlacer, path: string, operations: readonly NeutralOperation[]): PathText {
  const item = placer.pathItem(operations);
  const refs = new Set<string>();
  collectRefs(item, refs);
  return {
    operations: [...operations],
    // JSON.stringify never writes a line break inside a string: every one is between lines.
    json: Buffer.from(
      `    ${JSON.stringify(path)}: ${JSON.stringify(item, null, 2).replaceAll('\n', '\n    ')}`,
    ),
    yaml: Buffer.from(yamlEntry(path, item, '  ')),
    refs,
  };
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
