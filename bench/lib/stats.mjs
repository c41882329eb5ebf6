// Medians and ratios. The median of rounds, not the mean: one round disturbed by the machine
// should not move the figure.

export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Adds `median` and `ratio` (against the baseline server's median) to each server's entry. */
export function summarise(byServer, baseline) {
  for (const entry of Object.values(byServer)) entry.median = median(entry.rounds.map((r) => r.rps));
  const base = byServer[baseline]?.median;
  for (const entry of Object.values(byServer)) entry.ratio = base ? entry.median / base : null;
  return byServer;
}

/** Server order for round `index`: rotated so each server is measured early and late alike. */
export function roundOrder(names, index) {
  const shift = index % names.length;
  return [...names.slice(shift), ...names.slice(0, shift)];
}
