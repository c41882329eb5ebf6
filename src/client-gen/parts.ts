/**
 * What one controller adds to the client, as text: each visible operation's method signature, its
 * documented errors and its arrow in `createClient`, plus what the whole file needs to know of
 * them (the route kinds, for the fixed parts; the schemas reached, for the named types). The file
 * is these parts joined (./index.ts), so `svc dev` can keep a controller's parts while the
 * controller and what it reads stand (./client-cache.ts), and only an edited one is written anew.
 */
import type { AppModel, ControllerModel, RouteKind } from '../model/app-model.js';
import { reachableSchemas } from '../model/refs.js';
import { callExample, operationArrow } from './factory.js';
import { controllerGroup } from './operations.js';
import { errorLines, methodSignature, type ErrorLines } from './signatures.js';
import type { TypeNamer } from './types.js';

export interface OperationTexts {
  /** Its method in `Api`, with the doc comment. */
  signature: string;
  /** Its members of `OperationErrors` and `DOCUMENTED_ERRORS`, when it documents errors. */
  errors: ErrorLines | undefined;
  /** Its arrow in `createClient`. */
  arrow: string;
}

/** A group of the client (`api.<name>`): one controller's, or the merged ones of a shared name. */
export interface GroupTexts {
  name: string;
  operations: OperationTexts[];
}

export interface ControllerTexts extends GroupTexts {
  /** The route kinds of its visible operations. */
  kinds: ReadonlySet<RouteKind>;
  /** The component schemas its visible operations reach, sorted by name. */
  schemas: readonly string[];
  /** `createClient`'s comment calls the client's first operation: this one's first, shown. */
  firstCall: string | undefined;
}

/**
 * The texts of `controller`'s visible operations. They read the controller, the app-wide parts
 * (prefix, app class, components: credentials), the schemas its routes reach (stream item
 * readings) and `name`; nothing else of the model.
 */
export function controllerTexts(
  model: AppModel,
  controller: ControllerModel,
  name: TypeNamer,
): ControllerTexts {
  const group = controllerGroup(model, controller);
  const operations = group.operations.map((operation) => ({
    signature: methodSignature(operation, name),
    errors: errorLines(operation, name),
    arrow: operationArrow(operation, model),
  }));
  const routes = group.operations.map((operation) => operation.route);
  const first = group.operations[0];
  return {
    name: group.name,
    operations,
    kinds: new Set(routes.map((route) => route.kind)),
    schemas: Object.keys(reachableSchemas(routes, model.schemas)),
    firstCall: first && callExample(group.name, first),
  };
}
