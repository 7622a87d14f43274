/** Median and high percentiles of repeated measurements (nearest-rank, no interpolation). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export interface Summary {
  n: number;
  median: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
}

export function summarise(values: readonly number[]): Summary {
  return {
    n: values.length,
    median: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    // Loops, not Math.min(...values): a throughput run holds hundreds of thousands of samples.
    min: values.reduce((low, value) => Math.min(low, value), Number.POSITIVE_INFINITY),
    max: values.reduce((high, value) => Math.max(high, value), Number.NEGATIVE_INFINITY),
  };
}

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
