/** Recent copies remembered per account. */
export const MAX_RECENT = 5;
/** Pins per account: a list to pick from at a glance, not a second copy of the plans. */
export const MAX_PINNED = 100;
