/** The proxy row that holds the roving tab stop (its tabindex is 0; every other row's is -1). */
class RowFocus {
  activeId = $state<number | null>(null);
}

export const rowFocus = new RowFocus();
