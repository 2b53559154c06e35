/**
 * Something in a plan listing the app could not read. It never costs more than its own item: a
 * proxy that cannot be used is hidden, a plan without a usable id is hidden, and a value that is
 * only shown becomes unknown.
 */
export interface ListingProblem {
  /** Where in the listing: `[2].proxies[5].port`. */
  path: string;
  /** What is wrong there, for the details line. */
  message: string;
  /** `hidden`: the item is left out; `unknown`: the item is kept, this value shown as unknown. */
  effect: 'hidden' | 'unknown';
  item: 'plan' | 'proxy';
  /** The plan it is in, where that could be read. */
  planId: number | null;
  planName: string | null;
}
