/**
 * Relative timing for ReDoS tests: how much slower a coercer is on a long adversarial value than
 * on a short one. Ratios, never absolute thresholds, so a slow or busy machine does not fail
 * them; a super-linear regex still blows far past any linear bound.
 */

/** Median wall time per call of `run`, over `samples` batches of `calls` calls each. */
export function medianPerCall(run: () => unknown, calls: number, samples = 7): number {
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const start = process.hrtime.bigint();
    for (let call = 0; call < calls; call++) run();
    times.push(Number(process.hrtime.bigint() - start) / calls);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/**
 * Time per call on `long` divided by time per call on `short`. The short value runs in large
 * batches so its time is well above the timer's resolution; warm-up calls let V8 optimise
 * the coercer before either is measured.
 */
export function slowdown(coerce: (text: string) => unknown, short: string, long: string): number {
  for (let call = 0; call < 200; call++) coerce(short);
  coerce(long);
  const shortTime = medianPerCall(() => coerce(short), 2000);
  const longTime = medianPerCall(() => coerce(long), 3);
  return longTime / Math.max(shortTime, 1);
}
