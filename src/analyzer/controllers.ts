/** A `@Controller` class → ControllerModel with its routes. */
import ts from 'typescript';
import type { ControllerModel } from '../model/app-model.js';
import { dependenciesOf, exportNameOf, moduleOf } from './classes.js';
import { locationOf, type AnalysisContext } from './context.js';
import type { SvcDecorator } from './decorators.js';
import { controllerBaseName } from './naming.js';
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
  for (const member of declaration.members) {
    if (!ts.isMethodDeclaration(member)) continue;
    const route = extractRoute(context, owner, member);
    if (route) controller.routes.push(route);
  }
  return controller;
}
