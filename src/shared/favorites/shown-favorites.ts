export interface FavoriteIds {
  readonly pinned: readonly number[];
  readonly recent: readonly number[];
}

export interface ShownFavorites<Item> {
  readonly pinned: Item[];
  readonly recent: Item[];
}

/**
 * The pinned and recent proxies that can be shown, as `find` finds them in the listing shown: an
 * id it does not find is left out, never an error. A pinned proxy is not repeated among the
 * recent ones. At most `limit` of each: the cost is that of the ids kept, not of the account.
 */
export function shownFavorites<Item>(
  ids: FavoriteIds,
  find: (proxyId: number) => Item | undefined,
  limit = Number.POSITIVE_INFINITY,
): ShownFavorites<Item> {
  const pinned = new Set(ids.pinned);
  return {
    pinned: found(ids.pinned, find, limit),
    recent: found(
      ids.recent.filter((id) => !pinned.has(id)),
      find,
      limit,
    ),
  };
}

function found<Item>(
  ids: readonly number[],
  find: (proxyId: number) => Item | undefined,
  limit: number,
): Item[] {
  const items: Item[] = [];
  for (const id of ids) {
    if (items.length >= limit) break;
    const item = find(id);
    if (item !== undefined) items.push(item);
  }
  return items;
}
