/**
 * Small figures shared by the benches. Percentiles keep two decimals: the end-to-end ratios are taken from them,
 * and at one decimal a floor of 1.0 ms could be 0.95 or 1.05, 5% either way.
 */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((x, y) => x - y)
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2))
}

export const summary = (values: number[]) => ({ p50: percentile(values, 0.5), p95: percentile(values, 0.95), p99: percentile(values, 0.99), max: percentile(values, 1) })

export const ratio = (x: number, y: number) => Number((x / y).toFixed(2))

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
