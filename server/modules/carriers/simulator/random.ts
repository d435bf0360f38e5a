import { hash } from "node:crypto";

// Deterministic randomness: everything the simulator invents is a function of a seed string, so the
// same number at the same time always tells the same story (and tests can rely on it).

// One-shot hashing (crypto.hash): the simulator hashes dozens of seeds per answer, and a Hash object
// per seed cost more than the digest itself. The digest comes as a binary (latin1) string, one
// character a byte: a Buffer for each cost three times the hashing (its allocation).
const byteAt = (d: string, i: number) => d.charCodeAt(i);
/** The digest's little-endian 32-bit word at byte `i` (what Buffer#readUInt32LE reads). */
const wordAt = (d: string, i: number) =>
  (byteAt(d, i) | (byteAt(d, i + 1) << 8) | (byteAt(d, i + 2) << 16) | (byteAt(d, i + 3) << 24)) >>> 0;

function words(seed: string): [number, number, number, number] {
  const d = hash("sha256", seed, "binary");
  return [wordAt(d, 0), wordAt(d, 4), wordAt(d, 8), wordAt(d, 12)];
}

/** sfc32, seeded from sha256 of the seed string. */
export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  constructor(seed: string) {
    [this.#a, this.#b, this.#c, this.#d] = words(seed);
    for (let i = 0; i < 12; i += 1) this.next();
  }
  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** Index chosen with the given weights. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i += 1) {
      r -= weights[i] as number;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}

/** One uniform draw in [0, 1) for a seed. */
export function unit(seed: string): number {
  return words(seed)[0] / 4294967296;
}

const SHARED_DRAWS_MAX = 50_000;
const sharedDraws = new Map<string, number>();

/**
 * unit() for the seeds many answers share: a sailing's estimate revisions, the report lag of a
 * box's n-th event. Each answer draws dozens of them, and a seeded hash costs more than the rest of
 * the draw; kept (at most 50,000, then started again), so the same seed gives the same number.
 */
export function sharedUnit(seed: string): number {
  let value = sharedDraws.get(seed);
  if (value === undefined) {
    if (sharedDraws.size >= SHARED_DRAWS_MAX) sharedDraws.clear();
    value = unit(seed);
    sharedDraws.set(seed, value);
  }
  return value;
}

/** A UUID (version-4 layout) derived from a seed: stable ids for events and transport calls. */
export function uuidFrom(seed: string): string {
  const h = hash("sha256", seed, "hex");
  const variant = ((Number.parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
