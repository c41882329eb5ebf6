/**
 * The lifecycle order, as data. `docs/lifecycle.md` draws it; `build-chain.ts` reads it.
 *
 *   middleware → guards → pre-interceptors → handler → post-interceptors (reversed)
 *
 * At every phase components run app → controller → route, in the order written at each level.
 */
import type { ComponentRole } from '../../model/app-model.js';

/** Where a component is attached, outermost first. */
export const LEVELS = ['app', 'controller', 'route'] as const;
export type Level = (typeof LEVELS)[number];

export interface PhaseInfo {
  role: Exclude<ComponentRole, 'catch'>;
  /** Runs before the handler, or after it. */
  when: 'before' | 'after';
  /** After-handler phases unwind: the component that ran first before the handler runs last after it. */
  order: 'written' | 'reverse';
  /** Status of an early answer (stop/block) that gives none. */
  earlyStatus?: number;
}

export const PHASES: readonly PhaseInfo[] = [
  { role: 'middleware', when: 'before', order: 'written', earlyStatus: 200 },
  { role: 'guard', when: 'before', order: 'written', earlyStatus: 403 },
  { role: 'preInterceptor', when: 'before', order: 'written' },
  { role: 'postInterceptor', when: 'after', order: 'reverse' },
];

/** The status of a stop (middleware) or block (guard) that gives none: read once, at start-up. */
export function earlyStatusOf(role: 'middleware' | 'guard'): number {
  const status = PHASES.find((phase) => phase.role === role)?.earlyStatus;
  if (status === undefined) throw new Error(`svc: phases.ts gives no earlyStatus for ${role}`);
  return status;
}

/** Catchers are searched nearest first: route, then controller, then app. */
export const CATCH_SEARCH_ORDER: readonly Level[] = ['route', 'controller', 'app'];
