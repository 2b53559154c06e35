import type { PlansSnapshot } from '../../shared/ipc/plans-view';
import type { SessionView } from '../../shared/ipc/session-view';
import type { UpdateStatus } from '../../shared/ipc/update-status';
import { proxyTitle } from '../../shared/ipc/proxy-title';
import type { TrayMenuInput } from './tray-menu-template';

/**
 * The tray menu's data from what the popup is also shown: one source of truth for both.
 * `starting`: the keychain has not answered yet, so the session's state means nothing so far.
 */
export function trayMenuInputOf(
  session: SessionView,
  plans: PlansSnapshot,
  { starting = false }: { starting?: boolean } = {},
): TrayMenuInput {
  return {
    status: starting ? 'starting' : session.state,
    accounts: session.accounts.map((account) => ({
      id: account.id,
      title: account.displayName
        ? `${account.displayName} (${account.username})`
        : account.username,
      active: account.active,
    })),
    plans: (plans.plans ?? []).map((plan) => ({
      id: plan.id,
      name: plan.name,
      proxies: plan.proxies.map((proxy) => ({ id: proxy.id, title: proxyTitle(proxy) })),
    })),
    refreshing: plans.refreshing,
  };
}

/** The version the tray offers to restart into: only a downloaded update. */
export function readyUpdateVersion(status: UpdateStatus): string | undefined {
  return status.state === 'ready' ? status.version : undefined;
}
