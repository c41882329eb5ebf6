// Medians and ratios. The median of rounds, not the mean: one round disturbed by the machine
// should not move the figure.

export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Adds to each server's entry the median requests per second (`median`), per CPU second of
 * the server process (`cpuMedian`) and p99 latency in ms (`p99Median`), each with its ratio to
 * the baseline server's.
 */
export function summarise(byServer, baseline) {
  for (const entry of Object.values(byServer)) {
    entry.median = median(entry.rounds.map((r) => r.rps));
    entry.cpuMedian = median(entry.rounds.map((r) => r.perCpuSecond).filter(Number.isFinite));
    entry.p99Median = median(entry.rounds.map((r) => r.latencyP99).filter(Number.isFinite));
  }
  const base = byServer[baseline];
  for (const entry of Object.values(byServer)) {
    entry.ratio = base ? entry.median / base.median : null;
    entry.cpuRatio = base ? entry.cpuMedian / base.cpuMedian : null;
    entry.p99Ratio = base ? entry.p99Median / base.p99Median : null;
  }
  return byServer;
}

/** Server order for round `index`: rotated so each server is measured early and late alike. */
export function roundOrder(names, index) {
  const shift = index % names.length;
  return [...names.slice(shift), ...names.slice(0, shift)];
}
