// A small closed-loop load generator: N requests at a fixed concurrency, returning throughput and latency percentiles.
export interface LoadResult {
  requests: number
  errors: number
  seconds: number
  rps: number
  p50_ms: number
  p99_ms: number
}

export async function runLoad(total: number, concurrency: number, send: () => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = []
  let errors = 0
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < total) {
      next++
      const t0 = performance.now()
      const ok = await send().catch(() => false)
      latencies.push(performance.now() - t0)
      if (!ok) errors++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const pct = (p: number) =>
    Number(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(2))
  return {
    requests: total,
    errors,
    seconds: Number(seconds.toFixed(2)),
    rps: Math.round(total / seconds),
    p50_ms: pct(0.5),
    p99_ms: pct(0.99),
  }
}
