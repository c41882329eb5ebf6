/**
 * The checker orders union members by internal type id, which depends on what else the
 * program mentions. Enum values should follow the source, so when the union was written out
 * (`'low' | 'mid' | 'high'` on the alias or on the property/parameter being converted), its
 * members are put back in written order.
 */
import ts from '../typescript.cjs';
import type { ConversionContext } from './types.js';

export function membersInSourceOrder(type: ts.UnionType, context: ConversionContext): ts.Type[] {
  const written = writtenUnion(type, context);
  if (!written) return type.types;
  const positions = new Map<ts.Type, number>();
  written.forEach((node, index) => {
    const member = context.checker.getTypeFromTypeNode(node);
    // `boolean` written in a union stands for its members `false | true`.
    for (const part of member.isUnion() ? member.types : [member]) {
      if (!positions.has(part)) positions.set(part, index);
    }
  });
  if (!type.types.every((member) => positions.has(member))) return type.types;
  return [...type.types].sort((a, b) => (positions.get(a) ?? 0) - (positions.get(b) ?? 0));
}

/** The union type node written for this type: on its alias, else on the use site. */
function writtenUnion(type: ts.Type, context: ConversionContext): ts.TypeNode[] | undefined {
  const aliasDeclaration = type.aliasSymbol?.getDeclarations()?.[0];
  const candidates = [
    aliasDeclaration && ts.isTypeAliasDeclaration(aliasDeclaration) ? aliasDeclaration.type : undefined,
    siteTypeNode(context.site),
  ];
  for (const candidate of candidates) {
    const members = candidate && unionMembers(candidate);
    if (members) return members;
  }
  return undefined;
}

function siteTypeNode(site: ts.Node | undefined): ts.TypeNode | undefined {
  if (!site) return undefined;
  if (ts.isTypeNode(site)) return site;
  const typed = site as ts.Node & { type?: ts.Node };
  return typed.type && ts.isTypeNode(typed.type) ? typed.type : undefined;
}

function unionMembers(node: ts.TypeNode): ts.TypeNode[] | undefined {
  while (ts.isParenthesizedTypeNode(node)) node = node.type;
  if (!ts.isUnionTypeNode(node)) return undefined;
  return node.types.flatMap((member) => unionMembers(member) ?? [member]);
}
