import type { IpcEvent } from '../../shared/ipc/channel-names';
import type { IpcEventPayload } from '../../shared/ipc/contract';
import type { AlertService } from '../alerts/alert-service';
import type { DesktopStatusService } from '../desktop-status/desktop-status-service';
import type { FavoritesStore } from '../favorites/favorites-store';
import type { LocalPortsService } from '../local-ports/local-ports-service';
import type { PoolPortsService } from '../pool/pool-ports-service';
import type { PlansCache } from '../plans-cache/plans-cache';
import type { PlansService } from '../plans/plans-service';
import type { RefreshScheduler } from '../plans/refresh-scheduler';
import type { ProxyCheckService } from '../proxy-check/proxy-check-service';
import type { SessionService } from '../session/session-service';
import type { SettingsStore } from '../settings/settings-store';
import type { UpdateService } from '../updates/update-service';
import { favoritesViewOf, sessionViewOf, settingsViewOf } from './views';

/** The services whose changes move others. */
export interface ReactingServices {
  session: SessionService;
  plans: PlansService;
  plansCache: PlansCache;
  settings: SettingsStore;
  favorites: FavoritesStore;
  alerts: AlertService;
  checks: ProxyCheckService;
  updates: UpdateService;
  desktop: DesktopStatusService;
  localPorts: LocalPortsService;
  pools: PoolPortsService;
  scheduler: RefreshScheduler;
}

export interface ReactionOptions {
  /** Tells every client (the popup over IPC, the preview over its socket) what changed. */
  emit: <Event extends IpcEvent>(event: Event, payload: IpcEventPayload<Event>) => void;
  /** Sets the system-wide shortcut from the settings. */
  applyShortcut: () => void;
  /** A reaction that failed where nobody waits for it: the log. */
  logFailure: (what: string) => (error: unknown) => void;
}

/**
 * The rules between services, in one place: what a change of one means for the others, and what
 * the clients are told. Each rule is a named function with why it exists; the services know
 * nothing of each other, and the order inside one reaction is part of its rule.
 */
export function startReactions(services: ReactingServices, options: ReactionOptions): void {
  const { session, plans, settings, favorites, alerts, updates, desktop } = services;
  const { emit } = options;
  const rules = reactionRules(services, options);

  favorites.onChange((accountId) => {
    // Another account's change (a tray copy racing a switch) is not what the popup shows.
    if (accountId === session.status().account?.id) rules.announceFavorites();
  });
  alerts.onChange((current) => emit('alerts:changed', [...current]));
  updates.onChange((status) => emit('updates:changed', status));
  desktop.onChange((status) => emit('desktop:changed', status));

  plans.onChange((update) => {
    // One proxy's change moves no plan's expiry and no proxy in or out of the listing.
    if (update.kind !== 'proxy') {
      // Reviewed first, so that whoever hears of the change sees the new alert count too.
      rules.reviewAlerts();
      if (update.kind !== 'status') rules.followListing();
    }
    emit('plans:changed', update);
  });

  let shownAccountId = session.status().account?.id;
  session.onChange(() => {
    const accountId = session.status().account?.id;
    rules.forgetSignedOut();
    if (accountId !== shownAccountId) {
      shownAccountId = accountId;
      rules.startAccountAfresh();
    }
    services.scheduler.reschedule();
    emit('session:changed', sessionViewOf(session));
    rules.loadNewAccount();
  });

  settings.onChange((current, previous) => {
    if (current.refreshIntervalMinutes !== previous.refreshIntervalMinutes) {
      services.scheduler.reschedule();
    }
    if (current.alertWarningDays !== previous.alertWarningDays) rules.reviewAlerts();
    if (current.checkForUpdates !== previous.checkForUpdates) updates.automaticChanged();
    // globalHotkey is the shortcut: the settings file's key, kept as files already have it.
    if (current.globalHotkey !== previous.globalHotkey) options.applyShortcut();
    emit('settings:changed', settingsViewOf(current));
  });
}

function reactionRules(services: ReactingServices, options: ReactionOptions) {
  const { session, plans, plansCache, favorites, alerts, checks, localPorts, pools } = services;
  const { emit, logFailure } = options;

  const announceFavorites = () =>
    emit('favorites:changed', favoritesViewOf(session.status().account?.id, favorites));

  return {
    announceFavorites,

    /** Alerts follow the active account's expiries, once a listing is in (not half-way). */
    reviewAlerts() {
      const snapshot = plans.snapshot();
      if (snapshot.accountId && snapshot.plans && !snapshot.refreshing) {
        alerts.review(snapshot.accountId, snapshot.plans, session.status().tokenExpiresAt);
      }
    },

    /** The listing changed which proxies exist. */
    followListing() {
      // Results of proxies gone from the listing would otherwise be kept for ever.
      checks.dropUnlisted();
      // A port must not outlive its proxy's place in the listing (nor hold its password); the
      // first listing of an account reopens its kept ports.
      if (plans.snapshot().plans !== null) {
        localPorts
          .keepListed(
            session.status().account?.id,
            (proxyId) => plans.listed(proxyId) !== undefined,
          )
          .catch(logFailure('Keeping the local ports in step with the listing failed'));
        // A pool's members follow the listing: a proxy that left it leaves the pool.
        pools
          .keepListed()
          .catch(logFailure('Keeping the pool ports in step with the listing failed'));
      }
    },

    /**
     * A signed-out account's plans (and their passwords) leave memory and disk with it; others
     * stay cached.
     */
    forgetSignedOut() {
      const accountIds = new Set(session.accounts().map((account) => account.id));
      plans.keepOnly(accountIds);
      void plansCache.keepOnly(accountIds);
    },

    /** Check results and alerts belong to one account: another account (or none) starts afresh. */
    startAccountAfresh() {
      checks.forget();
      alerts.clear();
      // The ports forward with the previous account's credentials: they close with it.
      localPorts.closeAll().catch(logFailure('Stopping the local ports failed'));
      pools.closeAll().catch(logFailure('Stopping the pool ports failed'));
      // Before the session's own event: the popup then has the plans of the account it shows.
      plans.accountChanged();
      announceFavorites();
    },

    /** A new active account has no plans in memory yet: load them now, not at the next tick. */
    loadNewAccount() {
      if (session.client() && plans.snapshot().plans === null) {
        plans.refresh().catch(logFailure('Loading the plans of the new account failed'));
      }
    },
  };
}
