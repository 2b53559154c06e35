import { performance } from 'node:perf_hooks';

/**
 * Times `work` over several rounds after a warm-up and returns the median in milliseconds. The
 * median, not the mean, because these machines are shared and one slow round says nothing.
 */
export function medianMs(work: () => unknown, rounds = 25, warmUp = 5): number {
  for (let round = 0; round < warmUp; round += 1) work();
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** One `key: value` line, the form the guide asks of every benchmark. */
export function report(key: string, value: number): void {
  console.log(`${key}: ${Number.isInteger(value) ? value : value.toFixed(2)}`);
}

/** The median of figures gathered one by one (page loads, clicks, toggles). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
