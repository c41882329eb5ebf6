/**
 * A bound on how long svc waits for a Redis answer. `@redis/client`'s own command timeout and
 * AbortSignal only apply while a command waits to be written: once written, the client drops
 * both and waits for the reply however long it takes, and a frozen server (stopped, swapped out,
 * behind a dead link) keeps its socket open, so the client stays "ready" and never errors.
 */

/**
 * True when `work` fulfils within `ms`, false when the time runs out first (`work` goes on; its
 * outcome is the caller's to handle); rejects when `work` rejects first. The timer never outlives
 * the answer.
 */
export function answeredWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(false), ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}
