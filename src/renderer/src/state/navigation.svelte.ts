export type Screen = 'plans' | 'settings' | 'add-account' | 'sign-in-again' | 'account-details';

/** Which screen the popup shows, and the requests that cross components (focus the search). */
class Navigation {
  screen = $state<Screen>('plans');
  /** The sign-in form's service URL when opened to replace a token. */
  signInServiceUrl = $state('');
  /** Bumped to ask the search box for focus; the box may mount after the request. */
  searchFocusRequests = $state(0);
  /** Bumped each time the popup is shown again: rows hide revealed passwords. */
  shownCount = $state(0);
  /**
   * The global shortcut opened the popup this time: the quick "find, copy, gone" of a password
   * manager's quick access, where a copy hides it. A tray click keeps it open for browsing.
   */
  openedByShortcut = $state(false);
  /** Whether the next focus request selects the search text (false: the cursor goes to its end). */
  searchFocusSelects = true;
  /** A plan to bring into view (an alert's click), until the plan list has done so. */
  planRequest = $state.raw<{ planId: number } | null>(null);
  /**
   * Set when a screen opened from the account menu closes: the menu's button, which mounts again
   * with the plans, takes the focus back (and clears this).
   */
  accountMenuFocusPending = $state(false);

  show(screen: Screen, options: { serviceUrl?: string } = {}): void {
    this.signInServiceUrl = options.serviceUrl ?? '';
    this.screen = screen;
    if (screen === 'plans') this.focusSearch();
  }

  /** Back to the plans from a screen the account menu opened, focus on that menu's button. */
  returnToAccountMenu(): void {
    this.screen = 'plans';
    this.accountMenuFocusPending = true;
  }

  focusSearch({ select = true } = {}): void {
    this.searchFocusSelects = select;
    this.searchFocusRequests += 1;
  }

  showPlan(planId: number): void {
    this.screen = 'plans';
    this.planRequest = { planId };
  }

  popupShown(event: {
    focusSearch: boolean;
    byShortcut?: boolean | undefined;
    panel?: 'plans' | 'settings' | undefined;
    planId?: number | undefined;
  }): void {
    this.shownCount += 1;
    this.openedByShortcut = event.byShortcut === true;
    if (event.panel === 'settings') this.screen = 'settings';
    else if (
      event.panel === 'plans' &&
      (this.screen === 'settings' || this.screen === 'account-details')
    ) {
      this.screen = 'plans';
    }
    if (event.planId !== undefined) this.showPlan(event.planId);
    else if (event.focusSearch) this.focusSearch();
  }
}

export const navigation = new Navigation();
