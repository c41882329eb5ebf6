/**
 * `@ApiHidden()` and `@ApiType(schema)` on class properties (and `@ApiType` on parameters),
 * read statically. A decorator is matched by the name of what its identifier resolves to after
 * following import aliases, so `import { ApiType as T } from 'svcjs'` still counts, and the
 * decorators may come from the `svcjs` package or its source.
 */
import ts from '../typescript.cjs';
import type { JsonSchema } from '../../model/json-schema.js';
import { staticJsonValue } from './static-value.js';
import { userSchema } from './user-schema.js';

export interface DecoratorFacts {
  hidden: boolean;
  schema?: JsonSchema;
}

export function decoratorFacts(declaration: ts.Node, checker: ts.TypeChecker): DecoratorFacts {
  const facts: DecoratorFacts = { hidden: false };
  if (!ts.canHaveDecorators(declaration)) return facts;
  for (const decorator of ts.getDecorators(declaration) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call)) continue;
    const name = decoratorName(call.expression, checker);
    if (name === 'ApiHidden') facts.hidden = true;
    const [argument] = call.arguments;
    if (name === 'ApiType' && argument) {
      const value = staticJsonValue(argument, checker);
      if (value && typeof value === 'object' && !Array.isArray(value)) facts.schema = userSchema(value);
    }
  }
  return facts;
}

function decoratorName(callee: ts.Expression, checker: ts.TypeChecker): string | undefined {
  const identifier = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
  if (!ts.isIdentifier(identifier)) return undefined;
  let symbol = checker.getSymbolAtLocation(identifier);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  // An unresolved import (no `svc` types installed) still names the decorator it imports.
  return symbol && symbol.getName() !== 'unknown' ? symbol.getName() : identifier.text;
}
