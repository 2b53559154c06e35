import type { FavoritesView } from '../../shared/views/favorites-view';
import type { SessionView } from '../../shared/views/session-view';
import type { FavoritesStore } from '../favorites/favorites-store';
import type { Settings } from '../../shared/settings/settings-schema';
import type { SettingsView } from '../../shared/views/settings-view';
import type { SessionService } from '../session/session-service';

/** The session as the popup sees it: its status and every remembered account, no token. */
export function sessionViewOf(session: SessionService): SessionView {
  const lastServiceUrl = session.lastServiceUrl();
  return {
    ...session.status(),
    accounts: session.accounts(),
    ...(lastServiceUrl !== null && { lastServiceUrl }),
  };
}

/** The settings as the popup sees them: accounts travel in the session view instead. */
export function settingsViewOf(settings: Settings): SettingsView {
  const {
    schemaVersion: _version,
    accounts: _accounts,
    activeAccountId: _active,
    lastServiceUrl: _lastServiceUrl,
    ...view
  } = settings;
  return view;
}

/** The active account's pinned and recent proxy ids; none without an account. */
export function favoritesViewOf(
  accountId: string | undefined,
  favorites: Pick<FavoritesStore, 'forAccount'>,
): FavoritesView {
  if (accountId === undefined) return { accountId: null, pinned: [], recent: [] };
  const { pinned, recent } = favorites.forAccount(accountId);
  return { accountId, pinned: [...pinned], recent: [...recent] };
}
