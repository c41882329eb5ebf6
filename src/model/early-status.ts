/**
 * The statuses an early answer (a middleware's `MiddlewareResult.stop`, a guard's
 * `GuardResult.block`) may give: a final HTTP status, an integer from 200 to 599. The analyzer
 * refuses a literal one outside it; the runtime answers 500 `SVC_ERR_EARLY_STATUS` for a
 * computed one (docs/lifecycle.md, "The phases").
 */
export const FINAL_STATUSES = { min: 200, max: 599 } as const;

export function isFinalStatus(status: unknown): boolean {
  return (
    typeof status === 'number' &&
    Number.isInteger(status) &&
    status >= FINAL_STATUSES.min &&
    status <= FINAL_STATUSES.max
  );
}
