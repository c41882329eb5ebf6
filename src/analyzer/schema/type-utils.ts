/** Small questions about TypeScript types that several converters ask. */
import ts from '../typescript.cjs';

/** The symbol that names a type: its alias for `type X = ...`, else its own symbol. */
export function namingSymbol(type: ts.Type): ts.Symbol | undefined {
  if (isClassOrInterfaceReference(type)) return type.target.getSymbol();
  return type.aliasSymbol ?? type.getSymbol();
}

/** Type arguments of a generic instance (`Page<User>` → `[User]`), alias arguments first. */
export function typeArgumentsOf(type: ts.Type, checker: ts.TypeChecker): readonly ts.Type[] {
  if (isClassOrInterfaceReference(type)) return checker.getTypeArguments(type as ts.TypeReference);
  return type.aliasSymbol ? (type.aliasTypeArguments ?? []) : [];
}

/**
 * A generic class or interface instance (`Page<User>`, `Set<string>`). The checker may also
 * hang an alias on it (`type UserPage = Page<User>`), but its identity is the reference.
 */
export function isClassOrInterfaceReference(type: ts.Type): type is ts.TypeReference {
  if (!isObjectType(type) || (type.objectFlags & ts.ObjectFlags.Reference) === 0) return false;
  const target = (type as ts.TypeReference).target.getSymbol();
  return target !== undefined && (target.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) !== 0;
}

export function isObjectType(type: ts.Type): type is ts.ObjectType {
  return (type.flags & ts.TypeFlags.Object) !== 0;
}

/** True when the symbol is declared only in TypeScript's default library (`lib.*.d.ts`). */
export function isDeclaredInLib(symbol: ts.Symbol | undefined, program: ts.Program): boolean {
  const declarations = symbol?.getDeclarations() ?? [];
  if (declarations.length === 0) return false;
  return declarations.every((d) => program.isSourceFileDefaultLibrary(d.getSourceFile()));
}

/** True when every declaration of the symbol comes from a dependency (a file under node_modules). */
export function isDeclaredInDependency(symbol: ts.Symbol | undefined, program: ts.Program): boolean {
  const declarations = symbol?.getDeclarations() ?? [];
  if (declarations.length === 0) return false;
  return declarations.every((d) => {
    const file = d.getSourceFile();
    return program.isSourceFileFromExternalLibrary(file) || /[\\/]node_modules[\\/]/.test(file.fileName);
  });
}

/**
 * A lib/global type recognised by name (`Date`, `Set`, ...): the symbol's name matches and it
 * is declared in a declaration file, so a user's own `class Date` is not mistaken for it.
 */
export function isGlobalNamed(type: ts.Type, names: readonly string[]): boolean {
  const symbol = type.getSymbol();
  if (!symbol || !names.includes(symbol.getName())) return false;
  const declarations = symbol.getDeclarations() ?? [];
  return declarations.length > 0 && declarations.every((d) => d.getSourceFile().isDeclarationFile);
}

/** Union members without `null`, `undefined` and `void`. */
export function nonNullishMembers(type: ts.Type): ts.Type[] {
  if (!type.isUnion()) return [type];
  return type.types.filter(
    (t) => (t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) === 0,
  );
}

export function includesFlag(type: ts.Type, flag: ts.TypeFlags): boolean {
  if (type.isUnion()) return type.types.some((t) => (t.flags & flag) !== 0);
  return (type.flags & flag) !== 0;
}

/** An object type that is callable and has no data: a function or method type. */
export function isFunctionLike(type: ts.Type, checker: ts.TypeChecker): boolean {
  if (!isObjectType(type)) return false;
  const callable = type.getCallSignatures().length + type.getConstructSignatures().length > 0;
  return callable && checker.getPropertiesOfType(type).length === 0;
}

/**
 * A class or interface we know nothing about: declared in TypeScript's lib (`RegExp`, `Error`,
 * `AsyncIterable`, ... — the known ones have their own converters) or a class from a dependency.
 */
export function isOpaqueExternal(type: ts.Type, program: ts.Program): boolean {
  const symbol = type.getSymbol();
  if (!symbol) return false;
  if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface) && isDeclaredInLib(symbol, program))
    return true;
  return (symbol.flags & ts.SymbolFlags.Class) !== 0 && isDeclaredInDependency(symbol, program);
}
