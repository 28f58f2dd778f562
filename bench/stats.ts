/** The statistics and number formatting every part of the bench shares. */

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** max - min: how far the rounds of one figure moved (the noise of a comparison). */
export const spreadOf = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

/** Milliseconds to three significant places, right-aligned in a column of 8. */
export const fmt = (ms: number) => (ms < 1 ? ms.toFixed(3) : ms < 10 ? ms.toFixed(2) : ms.toFixed(1)).padStart(8);

/** `met`, `within noise` (missed by no more than the spread), or `MISSED`. */
export function verdict(met: boolean, withinNoise: boolean): 'met' | 'within noise' | 'MISSED' {
  return met ? 'met' : withinNoise ? 'within noise' : 'MISSED';
}
