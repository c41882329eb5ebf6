/**
 * The client's text, re-using what the previous run made, so that `svc dev` redoes only what an
 * edit changed. A controller's texts (./parts.ts) are kept under its key (the caller's: the
 * controller's content, the schemas it reaches and the app-wide parts, as for the documents), a
 * named type's declaration while its schema is the same object. Both also read the names the
 * client gives the schemas, which hang on the whole set of schema names: when that set changes,
 * nothing kept is used. The text is byte for byte `generateClient`'s
 * (test/analyzer/incremental-documents.test.ts).
 */
import type { AppModel, ControllerModel } from '../model/app-model.js';
import type { JsonSchema } from '../model/json-schema.js';
import { clientText } from './index.js';
import { namedTypeDeclaration, schemaNamer } from './named-types.js';
import { controllerTexts, type ControllerTexts } from './parts.js';
import type { TypeNamer } from './types.js';

interface Declaration {
  schema: JsonSchema;
  text: string;
}

export class ClientCache {
  private schemaNames: string | undefined;
  private name: TypeNamer = () => 'unknown';
  private controllers = new Map<string, ControllerTexts>();
  private declarations = new Map<string, Declaration>();

  /** The client of `model`; `keyOf` names what each controller's texts are built from. */
  text(model: AppModel, keyOf: (controller: ControllerModel) => string): string {
    this.nameSchemas(Object.keys(model.schemas));
    const previous = this.controllers;
    const kept = new Map<string, ControllerTexts>();
    const declarations = new Map<string, Declaration>();
    const text = clientText(model, {
      controller: (controller) => {
        const key = keyOf(controller);
        const texts = previous.get(key) ?? kept.get(key) ?? controllerTexts(model, controller, this.name);
        kept.set(key, texts);
        return texts;
      },
      namedType: (schemaName, schema) => {
        const known = this.declarations.get(schemaName);
        const declaration =
          known?.schema === schema
            ? known
            : { schema, text: namedTypeDeclaration(schemaName, schema, this.name) };
        declarations.set(schemaName, declaration);
        return declaration.text;
      },
    });
    this.controllers = kept;
    this.declarations = declarations;
    return text;
  }

  /** A new namer, and nothing kept, when the set of schema names is not the last run's. */
  private nameSchemas(names: string[]): void {
    const key = [...names].sort().join('\u0000');
    if (key === this.schemaNames) return;
    this.schemaNames = key;
    this.name = schemaNamer(names);
    this.controllers = new Map();
    this.declarations = new Map();
  }
}
