/**
 * Operation ids and the names the typed client calls routes by, in one place: the analyzer names
 * each route by the app's `operationIds` rule (or its `@ApiOperationId`) and checks both kinds of
 * name are unique, the document writes the ids and the client uses the names, so the three agree.
 */
import type { RouteModel } from './app-model.js';

/**
 * How a route without `@ApiOperationId` is named: `'controller_method'` is the controller's
 * snake_case base and the handler's name (`BookReviewsController.list` → `book_reviews_list`),
 * `'method'` the handler's name alone (`list`).
 */
export type OperationIdRule = 'controller_method' | 'method';

export const OPERATION_ID_RULES: readonly OperationIdRule[] = ['controller_method', 'method'];

export const DEFAULT_OPERATION_ID_RULE: OperationIdRule = 'controller_method';

export function isOperationIdRule(value: unknown): value is OperationIdRule {
  return (OPERATION_ID_RULES as readonly unknown[]).includes(value);
}

/** The operation id the rule gives a route. */
export function operationIdOf(rule: OperationIdRule, baseName: string, methodName: string): string {
  return rule === 'method' ? methodName : `${baseName}_${methodName}`;
}

/**
 * What `@ApiOperationId` may give: a letter or `_`, then letters, digits, `_`, `.` or `-`.
 * Code generators turn operation ids into function names, and the typed client calls the route
 * by it; spaces, quotes or an empty id would be a name no tool can use.
 */
export const OPERATION_ID_TEXT = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** `book_reviews` → `bookReviews`: the property of the client that holds a controller's routes. */
export function clientGroupName(baseName: string): string {
  return baseName.replace(/_+([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * The client method of a route, in its controller's group: the handler's name, or the id
 * `@ApiOperationId` gave, as written (`api.books.list`, `api.books.searchCatalogue`).
 */
export function clientMethodName(route: RouteModel): string {
  return route.doc.explicitOperationId ? route.doc.operationId : route.methodName;
}
