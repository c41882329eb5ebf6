/**
 * A TypeScript `enum` → a named component `{type: string|integer, enum: [values]}` holding the
 * member values (what goes on the wire), in declaration order, and the members' names as the
 * hint `svc.enumNames` (documents write them as `x-enum-varnames`, so generators keep them).
 * Numeric enums are `integer`.
 * A single member (`Color.Red`) is a literal and handled by the literal converter.
 */
import ts from '../../typescript.cjs';
import type { JsonSchema } from '../../../model/json-schema.js';
import type { TypeConverter } from '../types.js';

function enumSymbol(type: ts.Type): ts.Symbol | undefined {
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  if (!symbol || !(symbol.flags & ts.SymbolFlags.Enum)) return undefined;
  return type.flags & (ts.TypeFlags.Enum | ts.TypeFlags.Union) ? symbol : undefined;
}

interface EnumMember {
  name: string;
  value: string | number;
}

function enumMembers(symbol: ts.Symbol, checker: ts.TypeChecker): EnumMember[] {
  const members: EnumMember[] = [];
  for (const declaration of symbol.getDeclarations() ?? []) {
    if (!ts.isEnumDeclaration(declaration)) continue;
    for (const member of declaration.members) {
      const value = checker.getConstantValue(member);
      if (value !== undefined) members.push({ name: member.name.getText(), value });
    }
  }
  return members;
}

function enumSchema(members: EnumMember[]): JsonSchema {
  const values = members.map((member) => member.value);
  const svc = { enumNames: members.map((member) => member.name.replace(/^["']|["']$/g, '')) };
  if (values.every((v) => typeof v === 'string')) return { type: 'string', enum: values, svc };
  if (values.every((v) => typeof v === 'number' && Number.isInteger(v)))
    return { type: 'integer', enum: values, svc };
  if (values.every((v) => typeof v === 'number')) return { type: 'number', enum: values, svc };
  return { enum: values, svc }; // a heterogeneous enum: no single type
}

export const enumConverter: TypeConverter = {
  kind: 'enum',
  supports: (type) => enumSymbol(type) !== undefined,
  convert(type, context) {
    const symbol = enumSymbol(type);
    if (!symbol) return {};
    return context.named(context.nameOf(type), () => enumSchema(enumMembers(symbol, context.checker)));
  },
};
