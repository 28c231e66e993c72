// The timing helpers the bench scripts share: a median of runs after a warm-up, in milliseconds.

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Milliseconds with `digits` decimals, as the bench lines print them. */
export const msText = (x: number, digits = 1) => `${x.toFixed(digits)} ms`;

/** Median time of a synchronous `fn` over `runs` runs, after `warmup` runs not counted. */
export function timeSync(fn: () => unknown, runs = 50, warmup = 5): number {
  for (let i = 0; i < warmup; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(out);
}

/** Median time of an asynchronous `fn` over `runs` runs, after one warm-up run. */
export async function timeAsync(fn: () => Promise<unknown> | unknown, runs = 5): Promise<number> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(out);
}
