/**
 * The lifecycle order, as data. `docs/lifecycle.md` draws it; the runtime's `build-chain.ts`
 * reads it.
 *
 *   middleware → guards → around-interceptors( pre-interceptors → handler → post-interceptors (reversed) )
 *
 * At every phase components run app → controller → route, in the order written at each level;
 * around-interceptors nest in that order (the app's is outermost).
 */
import type { ComponentRole } from './app-model.js';
import { FRAMEWORK_STATUS } from './framework-answers.js';

/** Where a component is attached, outermost first. */
export const LEVELS = ['app', 'controller', 'route'] as const;
export type Level = (typeof LEVELS)[number];

export interface PhaseInfo {
  role: Exclude<ComponentRole, 'catch'>;
  /**
   * Runs before the handler, after it, or around it: an around phase wraps every phase after it
   * in this list (and the handler), each component calling `next()` to run the rest.
   */
  when: 'before' | 'around' | 'after';
  /** After-handler phases unwind: the component that ran first before the handler runs last after it. */
  order: 'written' | 'reverse';
  /** Status of an early answer (stop/block) that gives none. */
  earlyStatus?: number;
}

export const PHASES: readonly PhaseInfo[] = [
  { role: 'middleware', when: 'before', order: 'written', earlyStatus: FRAMEWORK_STATUS.stop },
  { role: 'guard', when: 'before', order: 'written', earlyStatus: FRAMEWORK_STATUS.block },
  { role: 'interceptor', when: 'around', order: 'written' },
  { role: 'preInterceptor', when: 'before', order: 'written' },
  { role: 'postInterceptor', when: 'after', order: 'reverse' },
];

/** The status of a stop (middleware) or block (guard) that gives none: read once, at start-up. */
export function earlyStatusOf(role: 'middleware' | 'guard'): number {
  const status = PHASES.find((phase) => phase.role === role)?.earlyStatus;
  if (status === undefined)
    throw new Error(`svc: model/lifecycle-phases.ts gives no earlyStatus for ${role}`);
  return status;
}

/**
 * The phases an `OPTIONS` request no route declares (a CORS preflight, usually) runs before its
 * 204, with the app-level components only (no controller is chosen for a bare path): the app's
 * middleware may log, add headers or stop it. Guards do not run: a browser sends a preflight
 * without credentials, so an auth guard would refuse every one.
 */
export const AUTOMATIC_OPTIONS_ROLES: readonly PhaseInfo['role'][] = ['middleware'];

/** Catchers are searched nearest first: route, then controller, then app. */
export const CATCH_SEARCH_ORDER: readonly Level[] = ['route', 'controller', 'app'];
