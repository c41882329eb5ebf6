/**
 * Readiness checks: every instance svc built (provider, controller, component) that has a
 * `checkReadiness()` method is asked on each readiness probe, all at once, each bounded by the
 * `health.checkTimeoutMs` timeout so a hung dependency answers "not ready" instead of hanging
 * the probe.
 */

/** A provider (or controller, component) that takes part in readiness (`/health/ready`). */
export interface ReadinessCheck {
  /**
   * Ready: return `true` or nothing, or resolve so. Not ready: return or resolve `false`, throw
   * or reject, or take longer than `health.checkTimeoutMs` (default 2000 ms).
   */
  checkReadiness(): boolean | void | Promise<boolean | void>;
}

/** How one check ended: its word in the 503 body. */
export type CheckOutcome = 'ok' | 'failed' | 'threw' | 'timeout';

export interface NamedCheck {
  /** The class name; a second class of the same name is `Name#2`. */
  readonly name: string;
  readonly run: () => unknown;
}

export interface CheckResult {
  outcome: CheckOutcome;
  /** What a check that threw or rejected threw, for the log. */
  error?: unknown;
}

/** The checks of `instances`, in construction order (dependencies first). */
export function readinessChecks(instances: readonly unknown[]): NamedCheck[] {
  const checks: NamedCheck[] = [];
  const seen = new Map<string, number>();
  for (const instance of instances) {
    if (typeof instance !== 'object' || instance === null) continue;
    const method = (instance as Partial<Record<'checkReadiness', unknown>>).checkReadiness;
    if (typeof method !== 'function') continue;
    const className = (instance.constructor as { name?: string } | undefined)?.name || 'Object';
    const count = (seen.get(className) ?? 0) + 1;
    seen.set(className, count);
    const name = count === 1 ? className : `${className}#${count}`;
    checks.push({ name, run: () => (method as () => unknown).call(instance) });
  }
  return checks;
}

/** Runs one check; never rejects. The timer is cleared as soon as the check settles. */
export function runCheck(check: NamedCheck, timeoutMs: number): Promise<CheckResult> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ outcome: 'timeout' }), timeoutMs);
    const settle = (result: CheckResult): void => {
      clearTimeout(timer);
      resolve(result);
    };
    let returned: unknown;
    try {
      returned = check.run();
    } catch (error) {
      settle({ outcome: 'threw', error });
      return;
    }
    Promise.resolve(returned).then(
      (value) => settle({ outcome: value === false ? 'failed' : 'ok' }),
      (error: unknown) => settle({ outcome: 'threw', error }),
    );
  });
}
