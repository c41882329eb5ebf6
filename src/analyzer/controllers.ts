/** A `@Controller` class → ControllerModel with its routes. */
import ts from './typescript.cjs';
import type { ControllerModel } from '../model/app-model.js';
import { dependenciesOf, exportNameOf, moduleOf } from './classes.js';
import { locationOf, type AnalysisContext } from './context.js';
import { classDeclarationOf, type SvcDecorator } from './decorators.js';
import { controllerBaseName } from './naming.js';
import { readRateLimit } from './rate-limit.js';
import { componentUses, extractRoute, readHeaders } from './routes.js';
import { requireStatic } from './static-values.js';

export interface ControllerInput {
  declaration: ts.ClassDeclaration;
  decorators: SvcDecorator[];
  controllerDecorator: SvcDecorator;
  prefix: string;
  problemSchema: string;
}

export function extractController(context: AnalysisContext, input: ControllerInput): ControllerModel {
  const { declaration, decorators } = input;
  const className = declaration.name?.text ?? 'default';
  const pathArgument = input.controllerDecorator.args[0];
  const basePath = pathArgument
    ? (requireStatic(context, pathArgument, 'string', 'controller path') ?? '')
    : '';
  const baseName = controllerBaseName(className);
  const owner = {
    className,
    basePath,
    baseName,
    prefix: input.prefix,
    decorators,
    problemSchema: input.problemSchema,
    rateLimit: readRateLimit(context, decorators, className),
  };
  const controller: ControllerModel = {
    ...locationOf(context, declaration.name ?? declaration),
    className,
    module: moduleOf(context, declaration),
    basePath,
    baseName,
    headers: readHeaders(context, decorators),
    components: componentUses(decorators),
    dependencies: dependenciesOf(context, declaration),
    routes: [],
  };
  const exportName = exportNameOf(context, declaration);
  if (exportName) controller.exportName = exportName;
  const routed = new Set<string>();
  for (const owningClass of classChain(context, declaration)) {
    for (const member of owningClass.members) {
      if (!ts.isMethodDeclaration(member) || routed.has(member.name.getText())) continue;
      const route = extractRoute(context, owner, member);
      if (!route) continue;
      routed.add(route.methodName);
      controller.routes.push(route);
    }
  }
  return controller;
}

/** Nesting beyond this is a cycle the type checker reports; stop walking. */
const MAX_BASE_CLASSES = 32;

/**
 * The class and the classes it extends, nearest first: routes declared on a base class are the
 * subclass's routes too (the nearest route of a name wins, as the runtime's join does).
 */
function classChain(context: AnalysisContext, declaration: ts.ClassDeclaration): ts.ClassDeclaration[] {
  const chain: ts.ClassDeclaration[] = [];
  for (
    let current: ts.ClassDeclaration | undefined = declaration;
    current && !chain.includes(current) && chain.length < MAX_BASE_CLASSES;
    current = baseClassOf(context, current)
  ) {
    chain.push(current);
  }
  return chain;
}

function baseClassOf(
  context: AnalysisContext,
  declaration: ts.ClassDeclaration,
): ts.ClassDeclaration | undefined {
  const extendsClause = declaration.heritageClauses?.find(
    (clause) => clause.token === ts.SyntaxKind.ExtendsKeyword,
  );
  const expression = extendsClause?.types[0]?.expression;
  return expression && classDeclarationOf(context, expression);
}
