// How the loose dialect picks a variant: from a hash of the server seed, what is being chosen and
// the item's id. Nothing else goes in, so an item gets the same variant on every request, every
// run and every server with that seed, whatever else the store holds or in which order it is read.

import { firstRandom, hashToSeed } from './seeded-random';

/** E.g. chooseVariant(1, 'proxy.port', 10_004, ['number', 'string']). */
export function chooseVariant<T>(
  seed: number,
  kind: string,
  id: number | string,
  variants: readonly T[],
): T {
  // The hash alone would do, but FNV-1a's low bits barely change between neighbouring ids: one
  // mulberry32 step spreads them. The same pick as createRandom(hash).pick(variants).
  const variant =
    variants[Math.floor(firstRandom(hashToSeed(`${seed}:${kind}:${id}`)) * variants.length)];
  if (variant === undefined) throw new Error(`No variants to choose a ${kind} from`);
  return variant;
}
