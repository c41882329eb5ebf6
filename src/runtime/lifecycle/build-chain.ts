/**
 * Builds a route's lifecycle chain at start-up: the component steps of every phase in the
 * order `model/lifecycle-phases.ts` gives, and the catchers nearest first. One component
 * instance per attachment (per decorator application), shared by every route the attachment covers.
 */
import type { ComponentMethodModel, ComponentModel } from '../../model/app-model.js';
import { expectSame, staleError } from '../app/stale.js';
import {
  allClassRecords,
  type ComponentUse,
  type Constructor,
  type MethodRecord,
} from '../decorators/metadata.js';
import type { Container } from '../di/container.js';
import type { CoercerOptions } from '../validation/types.js';
import type { CatchClassResolver } from './catch-classes.js';
import { compileStep, type ComponentStep } from './component-step.js';
import { CATCH_SEARCH_ORDER, LEVELS, PHASES, type Level } from '../../model/lifecycle-phases.js';

export interface Chain {
  middleware: ComponentStep[];
  guard: ComponentStep[];
  /** Around-interceptors, outermost first: each one's `next()` runs the next, the last one's the rest. */
  interceptor: ComponentStep[];
  preInterceptor: ComponentStep[];
  postInterceptor: ComponentStep[];
  /** Nearest first: route, controller, app. */
  catchers: ComponentStep[];
  /** Every step, for "does anything read the body / use ctx" questions. */
  all: ComponentStep[];
}

export type Attachments = Record<Level, readonly ComponentUse[]>;

/** Compiles and caches the steps of each attachment: one instance per decorator application. */
export class ComponentSteps {
  private readonly cache = new Map<ComponentUse, Promise<ComponentStep[]>>();

  constructor(
    private readonly container: Container,
    private readonly models: ReadonlyMap<string, ComponentModel>,
    private readonly options: CoercerOptions,
    private readonly catchClasses: CatchClassResolver,
  ) {}

  stepsOf(use: ComponentUse): Promise<ComponentStep[]> {
    let steps = this.cache.get(use);
    if (!steps) {
      steps = this.compile(use);
      this.cache.set(use, steps);
    }
    return steps;
  }

  private async compile(use: ComponentUse): Promise<ComponentStep[]> {
    const name = use.componentClass.name;
    const model = this.models.get(name) as ComponentModel;
    // Decorator arguments fill the first constructor parameters; the rest are injected.
    const instance = (await this.container.instantiate(
      use.componentClass,
      model.dependencies,
      name,
      use.args,
    )) as object;
    const record = allClassRecords().get(use.componentClass);
    return Promise.all(
      model.methods.map(async (method) => {
        const catcher = await this.catcherOf(name, method, record?.methods.get(method.methodName));
        return compileStep(instance, name, method, catcher, this.options);
      }),
    );
  }

  /**
   * A catcher's error class and status, from the model; the live record only confirms that the
   * model was built from this code.
   */
  private async catcherOf(
    className: string,
    method: ComponentMethodModel,
    live: MethodRecord | undefined,
  ): Promise<{ catches?: Constructor; statusCode?: number }> {
    if (method.role !== 'catch') return {};
    const label = `${className}.${method.methodName}`;
    expectSame(label, '@Catch class', live?.role?.catches?.name, method.catches, method);
    if (live?.statusCode !== undefined)
      expectSame(label, '@StatusCode', live.statusCode, method.statusCode, method);
    if (method.catches !== undefined && method.catchesClass === undefined) {
      throw staleError(`${label}: the model names no class for @Catch(${method.catches})`, method);
    }
    const catches = method.catchesClass && (await this.catchClasses(method.catchesClass, label));
    return { catches, statusCode: method.statusCode };
  }
}

/** The chain of a route no component covers: every role empty. */
export function emptyChain(): Chain {
  return {
    middleware: [],
    guard: [],
    interceptor: [],
    preInterceptor: [],
    postInterceptor: [],
    catchers: [],
    all: [],
  };
}

/**
 * A route's chain from the components attached at each level. With none attached it is made in
 * place, without awaiting steps and filtering roles: on the 500-route bench app that work was two
 * thirds of compiling the routes at start-up.
 */
export function buildChain(attachments: Attachments, steps: ComponentSteps): Chain | Promise<Chain> {
  if (LEVELS.every((level) => attachments[level].length === 0)) return emptyChain();
  return buildCoveredChain(attachments, steps);
}

async function buildCoveredChain(attachments: Attachments, steps: ComponentSteps): Promise<Chain> {
  const byLevel = {} as Record<Level, ComponentStep[]>;
  for (const level of LEVELS) {
    const lists = await Promise.all(attachments[level].map((use) => steps.stepsOf(use)));
    byLevel[level] = lists.flat();
  }
  const all = LEVELS.flatMap((level) => byLevel[level]);
  const chain: Chain = { ...emptyChain(), all };
  for (const phase of PHASES) {
    const list = all.filter((step) => step.role === phase.role);
    chain[phase.role] = phase.order === 'reverse' ? list.reverse() : list;
  }
  chain.catchers = CATCH_SEARCH_ORDER.flatMap((level) =>
    byLevel[level].filter((step) => step.role === 'catch'),
  );
  return chain;
}
