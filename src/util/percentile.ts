/**
 * Nearest-rank percentiles: the smallest sample such that at least p% of the samples are at or below it. Always
 * one of the measured values (no interpolation), so "p95 = 41 ms" means a call really took 41 ms.
 */
export function percentile(samples: readonly number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}
