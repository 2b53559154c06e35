/** Whether two lists hold the same objects in the same order: what lets a caller keep the old one. */
export function sameItems<Item>(a: readonly Item[], b: readonly Item[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
