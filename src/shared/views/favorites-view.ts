import { z } from 'zod';
import { MAX_PINNED, MAX_RECENT } from '../favorites/favorite-limits';

const proxyId = z.int().positive();

/**
 * The active account's pinned proxies (in the order they were pinned) and its last copied ones
 * (most recent first), as ids: the popup finds them in the plans it shows, and an id it does not
 * find (a proxy gone from the listing) is simply not shown. No account: both empty.
 */
export const favoritesViewSchema = z.strictObject({
  accountId: z.string().nullable(),
  pinned: z.array(proxyId).max(MAX_PINNED),
  recent: z.array(proxyId).max(MAX_RECENT),
});

export type FavoritesView = z.infer<typeof favoritesViewSchema>;
