/**
 * Builds a route's lifecycle chain at start-up: the component steps of every phase in the
 * order `phases.ts` gives, and the catchers nearest first. One component instance per
 * attachment (per decorator application), shared by every route the attachment covers.
 */
import type { ComponentModel } from '../../model/app-model.js';
import type { ComponentUse } from '../decorators/metadata.js';
import { allClassRecords } from '../decorators/metadata.js';
import type { Container } from '../di/container.js';
import type { CoercerOptions } from '../validation/types.js';
import { compileStep, type ComponentStep } from './component-step.js';
import { CATCH_SEARCH_ORDER, LEVELS, PHASES, type Level } from '../../model/lifecycle-phases.js';

export interface Chain {
  middleware: ComponentStep[];
  guard: ComponentStep[];
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
    return model.methods.map((method) => {
      const live = record?.methods.get(method.methodName);
      return compileStep(
        instance,
        name,
        method,
        { catches: live?.role?.catches, statusCode: live?.statusCode },
        this.options,
      );
    });
  }
}

export async function buildChain(attachments: Attachments, steps: ComponentSteps): Promise<Chain> {
  const byLevel = {} as Record<Level, ComponentStep[]>;
  for (const level of LEVELS) {
    const lists = await Promise.all(attachments[level].map((use) => steps.stepsOf(use)));
    byLevel[level] = lists.flat();
  }
  const all = LEVELS.flatMap((level) => byLevel[level]);
  const chain: Chain = {
    middleware: [],
    guard: [],
    preInterceptor: [],
    postInterceptor: [],
    catchers: [],
    all,
  };
  for (const phase of PHASES) {
    const list = all.filter((step) => step.role === phase.role);
    chain[phase.role] = phase.order === 'reverse' ? list.reverse() : list;
  }
  chain.catchers = CATCH_SEARCH_ORDER.flatMap((level) =>
    byLevel[level].filter((step) => step.role === 'catch'),
  );
  return chain;
}
