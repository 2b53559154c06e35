// A tiny seeded PRNG so that generated data is the same on every machine and every run.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Returns a shuffled copy; the input is left alone. */
  shuffle<T>(items: readonly T[]): T[];
}

const MULBERRY32_INCREMENT = 0x6d2b79f5;

/** mulberry32's output for a state it has just stepped to: uniform in [0, 1). */
function mulberry32Output(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** mulberry32: 32 bits of state, good enough for test data and fast for 10,000 proxies. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + MULBERRY32_INCREMENT) >>> 0;
    return mulberry32Output(state);
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick() needs a non-empty list');
      return item;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}

/**
 * FNV-1a over a string: lets the server give each account its own seed derived from the server
 * seed and the username, so adding an account does not reshuffle the others.
 */
export function hashToSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The first value createRandom(seed) would give, without building a generator: for choices made
 * once per item, tens of thousands of times per listing.
 */
export function firstRandom(seed: number): number {
  return mulberry32Output((seed + MULBERRY32_INCREMENT) >>> 0);
}
