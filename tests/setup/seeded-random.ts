/**
 * A seeded generator of numbers in [0, 1) (mulberry32): the equivalence tests that hold a fast
 * path to its reference (Date, zod, the old canonical form) draw thousands of inputs, the same
 * ones on every run, so a failure can be replayed.
 */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
