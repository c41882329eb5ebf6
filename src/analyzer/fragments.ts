/**
 * What one project file contributes to the app model. Fragments are extracted per file so that
 * an incremental run re-extracts only the files whose own text or dependencies changed.
 */
import type ts from 'typescript';
import type {
  AppClassModel,
  ApiInfoModel,
  ComponentModel,
  ControllerModel,
  InjectableModel,
} from '../model/app-model.js';
import type { StaticAppOptions } from '../model/app-options.js';
import type { JsonSchema } from '../model/json-schema.js';
import type { RateLimitModel } from '../model/rate-limit.js';
import { reachableSchemas } from '../model/refs.js';
import { extractAppSettings } from './app-class.js';
import { injectablesOf, moduleOf } from './classes.js';
import { extractComponent } from './components.js';
import type { AnalysisContext } from './context.js';
import { extractController } from './controllers.js';
import { collectFileDeclarations, type ComponentFactory } from './declarations.js';
import type { AnalyzerDiagnostic } from './diagnostics.js';
import { extractEarlyAnswers, type ComponentEarlyAnswers } from './early-answers.js';
import { PROBLEM_SCHEMA_NAME } from './problem.js';

export interface AppFragment {
  prefix: string;
  host: string;
  port: number;
  info: Partial<ApiInfoModel>;
  options: StaticAppOptions;
  app: AppClassModel;
  /** `@RateLimit` on the app class (`false`: none, said explicitly). */
  rateLimit?: RateLimitModel | false;
}

export interface FileFragment {
  apps: AppFragment[];
  /** Route `fullPath`s are computed without a prefix here; assembly applies the app's. */
  controllers: ControllerModel[];
  components: ComponentModel[];
  factories: ComponentFactory[];
  /** `GuardResult.block` / `MiddlewareResult.stop` answers of this file's component classes. */
  earlyAnswers: ComponentEarlyAnswers[];
  /** Exported classes of this file whose constructors take parameters. */
  injectables: InjectableModel[];
  /** The named schemas this file's models reach. */
  schemas: Record<string, JsonSchema>;
  /** Errors and warnings found while extracting this file (type-check errors are kept apart). */
  diagnostics: AnalyzerDiagnostic[];
}

export function extractFragment(context: AnalysisContext, file: ts.SourceFile): FileFragment {
  const errorsBefore = context.diagnostics.length;
  const warningsBefore = context.schemas.diagnostics().length;
  const found = collectFileDeclarations(context, file);
  const fragment: FileFragment = {
    apps: found.apps.map(({ declaration, decorators }) => {
      const settings = extractAppSettings(context, declaration, decorators);
      return { ...settings, app: settings.app as AppClassModel };
    }),
    controllers: found.controllers.map((controller) =>
      extractController(context, { ...controller, prefix: '', problemSchema: PROBLEM_SCHEMA_NAME }),
    ),
    components: found.components.map((declaration) => extractComponent(context, declaration, undefined)),
    factories: found.factories,
    earlyAnswers: found.components.map((declaration) => ({
      module: moduleOf(context, declaration),
      className: declaration.name?.text ?? 'default',
      answers: extractEarlyAnswers(context, declaration),
    })),
    injectables: injectablesOf(context, file),
    schemas: {},
    diagnostics: [
      ...context.diagnostics.slice(errorsBefore),
      ...context.schemas.diagnostics().slice(warningsBefore),
    ],
  };
  // An @App's own @ApiResponse types and the bodies of guards' blocks reach schemas too:
  // assembly puts them on the operations they cover.
  const apps = fragment.apps.map(({ app }) => app);
  const roots = [fragment.controllers, fragment.components, apps, fragment.earlyAnswers];
  fragment.schemas = reachableSchemas(roots, (name) => context.schemas.component(name));
  return fragment;
}
