/**
 * Component names. A named type keeps its own name (`User`); a generic instance joins its
 * type arguments with `_` (`Page<User>` → `Page_User`, `Page<User[]>` → `Page_User_Array`,
 * `Partial<User>` → `Partial_User`), unless a non-generic user alias names that instance
 * (`type UserPatch = Partial<User>` → `UserPatch`, wherever `Partial<User>` is used).
 * Anonymous parts are called `Object`, unions of arguments join with `_or_`.
 *
 * Two different types that want the same name (a `User` in two files) never share a component:
 * the first one encountered keeps the name, later ones get `_2`, `_3`, ... in encounter order.
 * Encounter order is deterministic for a given program because the analyzer walks files and
 * declarations in order.
 */
import ts from '../typescript.cjs';
import { collectAliasNames } from './alias-names.js';
import { isObjectType, namingSymbol, typeArgumentsOf } from './type-utils.js';

const ANONYMOUS = new Set(['__type', '__object', '__function']);

export class ComponentNaming {
  private readonly nameByIdentity = new Map<string, string>();
  private readonly identityByName = new Map<string, string>();

  private aliasNames: Map<string, string> | undefined;
  private readonly identities = new Map<ts.Type, string>();

  constructor(
    private readonly program: ts.Program,
    private readonly checker: ts.TypeChecker,
  ) {}

  nameOf(type: ts.Type): string {
    const identity = this.identityOf(type);
    const known = this.nameByIdentity.get(identity);
    if (known) return known;
    this.aliasNames ??= collectAliasNames(this.program, (t) => this.identityOf(t));
    return this.reserve(identity, this.aliasNames.get(identity) ?? this.baseName(type));
  }

  /**
   * The name of a type that has none of its own (an inline member of a discriminated union),
   * made from `base`; the same type asked again gets the same name.
   */
  nameAs(type: ts.Type, base: string): string {
    const identity = this.identityOf(type);
    return this.nameByIdentity.get(identity) ?? this.reserve(identity, sanitize(base));
  }

  private reserve(identity: string, base: string): string {
    let name = base;
    for (let n = 2; this.identityByName.has(name); n++) name = `${base}_${n}`;
    this.nameByIdentity.set(identity, name);
    this.identityByName.set(name, identity);
    return name;
  }

  private baseName(type: ts.Type): string {
    const symbol = namingSymbol(type);
    const own = symbol && !ANONYMOUS.has(symbol.getName()) ? symbol.getName() : 'Object';
    const args = typeArgumentsOf(type, this.checker).map((arg) => this.argumentName(arg));
    return sanitize([own, ...args].join('_'));
  }

  /** Readable name of a type argument. */
  private argumentName(type: ts.Type): string {
    if (this.checker.isArrayType(type)) {
      const [element] = this.checker.getTypeArguments(type as ts.TypeReference);
      return `${element ? this.argumentName(element) : 'unknown'}_Array`;
    }
    if (this.checker.isTupleType(type)) return 'Tuple';
    if (type.isUnion() && !type.aliasSymbol && (type.flags & ts.TypeFlags.Boolean) === 0) {
      return type.types.map((t) => this.argumentName(t)).join('_or_');
    }
    if (type.isLiteral()) return String(type.value);
    if (isObjectType(type) || type.aliasSymbol || type.isIntersection()) return this.baseName(type);
    return this.checker.typeToString(type);
  }

  /** What makes two types the same component: the declaration and the type arguments. */
  private identityOf(type: ts.Type): string {
    let identity = this.identities.get(type);
    if (identity === undefined) {
      identity = this.computeIdentity(type);
      this.identities.set(type, identity);
    }
    return identity;
  }

  private computeIdentity(type: ts.Type): string {
    const symbol = namingSymbol(type);
    const declaration = symbol?.getDeclarations()?.[0];
    if (!declaration || !symbol || ANONYMOUS.has(symbol.getName())) return this.structuralIdentity(type);
    const args = typeArgumentsOf(type, this.checker).map((arg) => this.identityOf(arg));
    const where = `${declaration.getSourceFile().fileName}:${declaration.pos}`;
    return args.length ? `${where}<${args.join(',')}>` : where;
  }

  private structuralIdentity(type: ts.Type): string {
    const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseFullyQualifiedType;
    return `~${this.checker.typeToString(type, undefined, flags)}`;
  }
}

/** Component names must match `^[a-zA-Z0-9._-]+$`. */
function sanitize(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_');
}
