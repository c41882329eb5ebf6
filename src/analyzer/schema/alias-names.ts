/**
 * User aliases that name a generic instance: `type UserPatch = Partial<User>` or
 * `type UserPage = Page<User>`. The checker forgets such an alias at use sites (a property of
 * type `UserPatch` has the type `Partial<User>`), so the names are collected once from the
 * program's own source files (declaration files and lib are skipped) and looked up by identity.
 * When two aliases name the same instance, the first in program order wins.
 */
import ts from '../typescript.cjs';
import { typeArgumentsOf } from './type-utils.js';

export function collectAliasNames(
  program: ts.Program,
  identityOf: (type: ts.Type) => string,
): Map<string, string> {
  const checker = program.getTypeChecker();
  const names = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    // Only `type X = Name<Args>` can name a generic instance: a cheap syntactic filter first.
    if (ts.isTypeAliasDeclaration(node) && !node.typeParameters && isGenericReference(node.type)) {
      const type = checker.getTypeAtLocation(node.name);
      if (typeArgumentsOf(type, checker).length > 0) {
        const identity = identityOf(type);
        if (!names.has(identity)) names.set(identity, node.name.text);
      }
    } else if (ts.isModuleDeclaration(node) && node.body) {
      ts.forEachChild(node.body, visit);
    }
  };
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || program.isSourceFileFromExternalLibrary(source)) continue;
    ts.forEachChild(source, visit);
  }
  return names;
}

function isGenericReference(node: ts.TypeNode): boolean {
  return ts.isTypeReferenceNode(node) && (node.typeArguments?.length ?? 0) > 0;
}
