/**
 * What an analysis run keeps for the next one's written outputs (`svc dev` passes the last program
 * back; the outputs of the program it came from are reused). Each controller gets a key (a SHA-256)
 * of everything its operations are built from: its own content, the text of each schema it reaches,
 * and the app-wide parts (prefix, the app class, the components covering routes, and the schemas
 * those reach). The document writer reuses a controller's operations, and each path's text, while
 * the key stands, so an edit of one controller re-places and re-writes that controller's paths;
 * the client writer reuses each controller's texts under the same key.
 */
import { createHash } from 'node:crypto';
import type ts from 'typescript';
import type { AppModel, ControllerModel } from '../model/app-model.js';
import { schemaRef, type JsonSchema } from '../model/json-schema.js';
import { ClientCache } from '../client-gen/client-cache.js';
import { reachableSchemas } from '../model/refs.js';
import { DocumentCache, type DocumentTexts } from '../openapi/document-cache.js';

const cachesByProgram = new WeakMap<ts.Program, OutputCache>();
/** Numbers schema texts get (`OutputCache.schemaReach`), never given twice in a process, whichever cache. */
let lastTextNumber = 0;

export interface ModelKeys {
  /** Equal for two models that write the same outputs (`svc dev` then rewrites nothing). */
  model: string;
  controller: (controller: ControllerModel) => string;
}

export class OutputCache {
  private appKey: string | undefined;
  private documents = new DocumentCache();
  private client = new ClientCache();
  /** Schema texts seen in the last run → their numbers (`schemaReach`). */
  private textNumbers = new Map<string, number>();

  /** The cache of the run that made `oldProgram`, now `program`'s (a new one without). */
  static for(program: ts.Program | undefined, oldProgram: ts.Program | undefined): OutputCache {
    const cache = (oldProgram && cachesByProgram.get(oldProgram)) ?? new OutputCache();
    if (program) cachesByProgram.set(program, cache);
    return cache;
  }

  keys(model: AppModel): ModelKeys {
    const appKey = JSON.stringify([
      model.prefix,
      model.app,
      model.components,
      reachedTexts([model.app, model.components], model),
    ]);
    // Every operation reads the app-wide parts: when they change, nothing kept is of use.
    if (appKey !== this.appKey) {
      this.documents = new DocumentCache();
      this.client = new ClientCache();
    }
    this.appKey = appKey;
    const reached = this.schemaReach(model);
    // A digest, not the texts: 300 controllers' keys are megabytes, and joining, comparing and
    // hashing them as Map keys cost more than the SHA-256 of them (measured, 300x10 bench).
    const controllerKey = (controller: ControllerModel): string => {
      const text = JSON.stringify(controller);
      return createHash('sha256')
        .update(text)
        .update('\u0000')
        .update(reached(refNamesIn(text)))
        .digest('base64');
    };
    const keys = new Map(model.controllers.map((controller) => [controller, controllerKey(controller)]));
    const rest = JSON.stringify({ ...model, controllers: [] });
    return {
      model: `${rest}\u0000${[...keys.values()].join('\u0000')}`,
      controller: (controller) => keys.get(controller) ?? controllerKey(controller),
    };
  }

  /**
   * The names of the schemas some direct references reach, each with the number of its text: equal
   * for equal names and texts, as the texts themselves would be, but short (a controller reaches a
   * dozen schemas, a few KiB of text) and each schema's closure found once per run, not per controller.
   */
  private schemaReach(model: AppModel): (names: Iterable<string>) => string {
    const previous = this.textNumbers;
    const numbers = new Map<string, number>();
    this.textNumbers = numbers;
    const numberOf = (text: string): number => {
      let number = numbers.get(text) ?? previous.get(text);
      if (number === undefined) number = ++lastTextNumber;
      numbers.set(text, number);
      return number;
    };
    const closures = new Map<string, string[]>();
    const closure = (name: string): string[] => {
      let names = closures.get(name);
      if (names === undefined)
        closures.set(name, (names = Object.keys(reachableSchemas(schemaRef(name), model.schemas))));
      return names;
    };
    return (direct) => {
      const all = new Set<string>();
      for (const name of direct) for (const reached of closure(name)) all.add(reached);
      return [...all]
        .sort()
        .map((name) => `${name}\u0001${numberOf(schemaText(model.schemas[name]!))}`)
        .join('\u0001');
    };
  }

  documentTexts(model: AppModel, keys: ModelKeys): DocumentTexts {
    return this.documents.texts(model, keys.controller);
  }

  clientText(model: AppModel, keys: ModelKeys): string {
    return this.client.text(model, keys.controller);
  }
}

/**
 * The names a model's JSON text refers to (`$ref`s): a scan of the text the key holds anyway instead
 * of a second walk of each controller's objects. A string value holding the same characters is
 * escaped in JSON (`\"$ref\":`), so only real `$ref` keys match.
 */
const REF_IN_JSON = /"\$ref":"#\/components\/schemas\/((?:[^"\\]|\\.)*)"/g;

function refNamesIn(json: string): Set<string> {
  const names = new Set<string>();
  for (const match of json.matchAll(REF_IN_JSON)) names.add(JSON.parse(`"${match[1]}"`) as string);
  return names;
}

/** The name and text of each schema `roots` reach, sorted by name. */
function reachedTexts(roots: unknown, model: AppModel): string {
  const reached = reachableSchemas(roots, model.schemas);
  let text = '';
  for (const name in reached) text += `${name}\u0001${schemaText(reached[name] as JsonSchema)}\u0001`;
  return text;
}

/** Schemas are never changed once made and are shared between runs: each is serialized once. */
const schemaTexts = new WeakMap<JsonSchema, string>();

function schemaText(schema: JsonSchema): string {
  let text = schemaTexts.get(schema);
  if (text === undefined) schemaTexts.set(schema, (text = JSON.stringify(schema)));
  return text;
}
