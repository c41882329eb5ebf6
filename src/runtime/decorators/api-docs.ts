/**
 * Document-only decorators. The analyzer reads them from source; at runtime they record
 * nothing: the app model carries what they say.
 */
import type { JsonSchema } from '../../model/json-schema.js';

type AnyDecorator = (target: object, propertyKey?: string | symbol, descriptorOrIndex?: unknown) => void;
const noop: AnyDecorator = () => {};

export const ApiSummary = (_text: string): MethodDecorator => noop;
export const ApiDescription = (_text: string): MethodDecorator => noop;
/**
 * The route's `operationId`, instead of the one the app's `operationIds` rule gives it; the typed
 * client calls the route by it too. Unique in the app.
 */
export const ApiOperationId = (_operationId: string): MethodDecorator => noop;
export const ApiTag = (..._names: string[]): AnyDecorator => noop;
export interface ApiResponseOptions {
  description: string;
  /**
   * A value whose type the analyzer reads: a class, `[Class]`, `String`, or `{} as T` for an
   * interface, alias or inline type. Never read at runtime.
   */
  type?: unknown;
  /** The media type of `type`'s body, when not `application/json` (or `application/problem+json`). */
  mediaType?: string;
}
/**
 * On a method, a controller or the `@App` class (then on every operation). `null` for the options
 * leaves the status out of the document there: `@ApiResponse(413, null)` (docs/openapi.md).
 */
export const ApiResponse = (_status: number, _options: ApiResponseOptions | null): AnyDecorator => noop;
/**
 * An OpenAPI security scheme object (`{type: 'http', scheme: 'bearer'}`,
 * `{type: 'apiKey', in: 'header', name: 'X-Api-Key'}`, ...), read by the analyzer only.
 */
export type ApiSecurityScheme = Record<string, unknown> & {
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
};
/** The third argument of `@ApiSecurity`, a literal the analyzer reads. */
export interface ApiSecurityOptions {
  /**
   * The component lets a request without the credential through (and refuses a bad one): the
   * operations it covers accept the scheme rather than require it.
   */
  optional?: boolean;
}
/**
 * On a lifecycle component class: the credential it checks, as `components.securitySchemes[name]`;
 * every operation the component covers requires it, or with `{ optional: true }` accepts it
 * (docs/openapi.md, "Security").
 */
export const ApiSecurity = (
  _name: string,
  _scheme: ApiSecurityScheme,
  _options?: ApiSecurityOptions,
): ClassDecorator => noop;
/** On a method or controller: left out of the document, still served. On a property: left out of its schema. */
export const ApiHidden = (): AnyDecorator => noop;

/**
 * An explicit schema for a parameter or class property whose type cannot be inferred. The
 * analyzer puts it in the app model, which is where the validator reads schemas from.
 */
export const ApiType = (_schema: JsonSchema): AnyDecorator => noop;
