/**
 * The public readiness type on its own: `svcjs` exports it, and a module that imports nothing
 * keeps the health endpoints' internals (the route compiler, the request log) out of every user
 * program's declarations.
 */

/** A provider (or controller, component) that takes part in readiness (`/health/ready`). */
export interface ReadinessCheck {
  /**
   * Ready: return `true` or nothing, or resolve so. Not ready: return or resolve `false`, throw
   * or reject, or take longer than `health.checkTimeoutMs` (default 2000 ms).
   */
  checkReadiness(): boolean | void | Promise<boolean | void>;
}
