/**
 * Whether the app is ready for traffic: not once `close()` began (a load balancer must stop
 * sending before the server goes away), nor while a check says no. Probes that arrive while the
 * checks run share that run, so a slow dependency is asked once, not once per probe. A check
 * that stops being ok is logged once, with why, and once more when it is ok again.
 */
import { runCheck, type CheckOutcome, type CheckResult, type NamedCheck } from './checks.js';

export interface HealthAnswer {
  status: 200 | 503;
  /** JSON text. */
  body: string;
}

export const OK: HealthAnswer = { status: 200, body: '{"status":"ok"}' };
const DRAINING: HealthAnswer = {
  status: 503,
  body: '{"status":"unavailable","reason":"draining","checks":{}}',
};

export class Readiness {
  private draining = false;
  private running: Promise<HealthAnswer> | undefined;
  /** The checks that were not ok at their last run, with how they ended. */
  private readonly notOk = new Map<string, CheckOutcome>();

  constructor(
    private readonly checks: readonly NamedCheck[],
    private readonly timeoutMs: number,
    private readonly log: (line: string) => void,
  ) {}

  /** From the start of `close()`: every later probe is answered 503 at once. */
  drain(): void {
    this.draining = true;
  }

  /** The answer now: synchronous when no check has to run. */
  answer(): HealthAnswer | Promise<HealthAnswer> {
    if (this.draining) return DRAINING;
    if (this.checks.length === 0) return OK;
    this.running ??= this.runAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async runAll(): Promise<HealthAnswer> {
    const results = await Promise.all(this.checks.map((check) => runCheck(check, this.timeoutMs)));
    // A shutdown that began while the checks ran wins over what they said.
    if (this.draining) return DRAINING;
    const outcomes: Record<string, CheckOutcome> = {};
    this.checks.forEach((check, i) => {
      const result = results[i] as CheckResult;
      outcomes[check.name] = result.outcome;
      this.note(check.name, result);
    });
    if (results.every((result) => result.outcome === 'ok')) return OK;
    return {
      status: 503,
      body: JSON.stringify({ status: 'unavailable', reason: 'checks', checks: outcomes }),
    };
  }

  /** Logs a change of a check's state: ok → not ok (and why), not ok → ok. */
  private note(name: string, result: CheckResult): void {
    const before = this.notOk.get(name);
    if (result.outcome === 'ok') {
      if (before === undefined) return;
      this.notOk.delete(name);
      this.log(`svc: readiness check ${name} is ok again`);
      return;
    }
    if (before === result.outcome) return;
    this.notOk.set(name, result.outcome);
    this.log(`svc: readiness check ${name} ${this.why(result)}: not ready`);
  }

  private why(result: CheckResult): string {
    if (result.outcome === 'failed') return 'returned false';
    if (result.outcome === 'timeout') return `gave no answer within ${this.timeoutMs} ms`;
    const error = result.error;
    return `threw (${error instanceof Error ? error.message : String(error)})`;
  }
}
