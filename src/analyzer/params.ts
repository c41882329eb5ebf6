/** Parameters of routes and component methods: binding source, key, optionality and schema. */
import ts from './typescript.cjs';
import type { ParamModel } from '../model/app-model.js';
import { decoratorsOfKind, normalizeArgument } from '../model/decorators.js';
import { refName, type JsonSchema } from '../model/json-schema.js';
import { isTypedSource } from '../model/param-sources.js';
import { locationOf, reportError, type AnalysisContext } from './context.js';
import { findOfKind, findSvc, readArgument, svcDecorators, type SvcDecorator } from './decorators.js';
import { asyncItemType } from './returns.js';
import { applyBodyMedia, isRawBody } from './body-media.js';
import { NOT_STATIC, readStatic, type StaticValue } from './static-values.js';
import { isSvcFile } from './svc-symbols.js';
import { userSchema } from './schema/user-schema.js';

/** `@Param, @Query, … or @Next`: every binding decorator of the decorator table, in its order. */
const BINDING_DECORATORS = inWords(decoratorsOfKind('param').map((name) => `@${name}`));

function inWords(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The parameters of a handler or component method; `owner` names it in errors (`Users.get`). */
export function extractParams(
  context: AnalysisContext,
  method: ts.MethodDeclaration,
  owner: string,
): ParamModel[] {
  const params: ParamModel[] = [];
  method.parameters.forEach((parameter, index) => {
    const decorators = svcDecorators(context, parameter);
    const binding = findOfKind(decorators, 'param');
    if (!binding) {
      reportError(
        context,
        'SVC_ERR_UNBOUND_PARAMETER',
        `parameter '${parameter.name.getText()}' of ${owner} has no binding decorator (${BINDING_DECORATORS})`,
        parameter,
      );
      return;
    }
    params.push(paramModel(context, parameter, index, binding, decorators));
  });
  return params;
}

function paramModel(
  context: AnalysisContext,
  parameter: ts.ParameterDeclaration,
  index: number,
  binding: BindingDecorator,
  decorators: SvcDecorator[],
): ParamModel {
  const { source } = binding.spec.role;
  const name = ts.isIdentifier(parameter.name) ? parameter.name.text : parameter.name.getText();
  // The table's first argument is the explicit key (normalised), or a body's key path.
  const explicitKey = binding.spec.args.length > 0 ? readArgument(context, binding, 0) : undefined;
  const explicitName = typeof explicitKey === 'string' ? explicitKey : undefined;
  const model: ParamModel = {
    ...locationOf(context, parameter),
    index,
    name,
    source,
    key: keyOf(binding, explicitKey, name),
    required: source === 'path' || isRequired(context, parameter),
    schema: {},
  };
  const explicitSchema = readApiType(context, decorators);
  const annotations = context.schemas.annotationsOf(parameter);
  if (explicitSchema) {
    model.schema = explicitSchema;
    model.explicitSchema = true;
  } else if (source === 'data' && isSvcDataHolder(context, parameter)) {
    // The runtime binds the request's holder itself to such a parameter, whatever its name.
    model.schema = { svc: { rich: 'DataHolder' } };
  } else if (source === 'messages') {
    model.schema = messageSchema(context, parameter);
  } else if (isTypedSource(source) && !isRawBody(context, parameter, model)) {
    const type = context.checker.getTypeAtLocation(parameter);
    model.schema = context.schemas.schemaFor(type, parameter, annotations);
  }
  const description = annotations.description ?? jsDocParamText(parameter);
  if (description) model.description = description;
  if (source === 'body' && !model.explicitSchema) applyBodyMedia(context, parameter, model);
  const defaultValue = isTypedSource(source) ? staticDefault(context, parameter) : NOT_STATIC;
  if (defaultValue !== NOT_STATIC) model.default = defaultValue;
  if (source === 'query' && explicitName === undefined && isObjectSchema(context, model.schema)) {
    model.wholeObject = true;
  }
  return model;
}

/**
 * `@Messages() messages: AsyncIterable<T>`: the schema of `T`, which only the OpenAPI 3.2
 * document shows (the runtime passes messages through unchecked). `{}` when `T` is not known
 * (`any`, `unknown`), so an untyped socket gets no "no schema" warning.
 */
function messageSchema(context: AnalysisContext, parameter: ts.ParameterDeclaration): JsonSchema {
  const item = asyncItemType(context.checker, context.checker.getTypeAtLocation(parameter));
  if (!item || item.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
  return context.schemas.schemaFor(item, parameter);
}

type BindingDecorator = NonNullable<ReturnType<typeof findOfKind<'param'>>>;

/** The explicit key or key path as the table normalises it, else the parameter's own name (normalised too). */
function keyOf(binding: BindingDecorator, explicitKey: unknown, name: string): string | string[] {
  if (typeof explicitKey === 'string' || Array.isArray(explicitKey)) return explicitKey as string | string[];
  return normalizeArgument(binding.spec.args[0], name) ?? name;
}

/**
 * The parameter's initializer (`@Query() limit = 20`), when it is a value known at build time:
 * the runtime passes `undefined` for an absent input, so JavaScript applies it, and the document
 * says so. A computed one (`= Date.now()`) is NOT_STATIC: left out rather than guessed.
 */
function staticDefault(
  context: AnalysisContext,
  parameter: ts.ParameterDeclaration,
): StaticValue | typeof NOT_STATIC {
  return parameter.initializer ? readStatic(context, parameter.initializer) : NOT_STATIC;
}

/** Required unless optional (`?`), defaulted, or its declared type admits `undefined`. */
function isRequired(context: AnalysisContext, parameter: ts.ParameterDeclaration): boolean {
  if (parameter.questionToken || parameter.initializer || parameter.dotDotDotToken) return false;
  const type = context.checker.getTypeAtLocation(parameter);
  return !admitsUndefined(type);
}

export function admitsUndefined(type: ts.Type): boolean {
  const flags = ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Any | ts.TypeFlags.Unknown;
  if (type.flags & flags) return true;
  return type.isUnion() && type.types.some((member) => (member.flags & flags) !== 0);
}

/** The parameter is declared as svc's own `DataHolder` (not a user type of that name). */
function isSvcDataHolder(context: AnalysisContext, parameter: ts.ParameterDeclaration): boolean {
  if (!parameter.type) return false;
  const type = context.checker.getNonNullableType(context.checker.getTypeAtLocation(parameter));
  const symbol = type.getSymbol();
  if (symbol?.getName() !== 'DataHolder') return false;
  return (symbol.getDeclarations() ?? []).some((declaration) =>
    isSvcFile(declaration.getSourceFile().fileName),
  );
}

/** `@ApiType({...})` on the parameter: the schema as written. */
function readApiType(context: AnalysisContext, decorators: SvcDecorator[]): JsonSchema | undefined {
  const apiType = findSvc(decorators, 'ApiType');
  const argument = apiType?.args[0];
  if (!argument) return undefined;
  const value = readStatic(context, argument);
  if (value !== NOT_STATIC && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return userSchema(value);
  }
  reportError(
    context,
    'SVC_ERR_NOT_STATIC',
    '@ApiType needs a schema object literal known at build time',
    argument,
  );
  return undefined;
}

/** The method's `@param name text` JSDoc for this parameter. */
function jsDocParamText(parameter: ts.ParameterDeclaration): string | undefined {
  for (const tag of ts.getJSDocParameterTags(parameter)) {
    const text = ts.getTextOfJSDocComment(tag.comment)?.trim();
    if (text) return text.replace(/^-\s*/, '');
  }
  return undefined;
}

/** An object schema with properties, directly or through one `$ref`. */
function isObjectSchema(context: AnalysisContext, schema: JsonSchema): boolean {
  const name = refName(schema);
  const target = name ? context.schemas.component(name) : schema;
  return target?.type === 'object' && target.properties !== undefined;
}
