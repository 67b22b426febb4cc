/** The nearest-rank percentile of a list of samples (0 for none): what every bench prints as p50, p95, p99. */
export function percentile(samples: number[], rank: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((rank / 100) * sorted.length) - 1)] ?? 0;
}
