import { menuLabel } from './menu-label';
import type { TrayMenuFavorite, TrayMenuItem, TrayMenuProxy } from './tray-menu-item';
import {
  localPortsItem,
  type TrayLocalPortActions,
  type TrayMenuLocalPort,
} from './tray-local-ports';
import type { TrayMenuPoolPort } from './tray-pool-ports';

/**
 * The tray icon's context menu as plain data, compatible with Electron's
 * MenuItemConstructorOptions (tray.ts hands it to Menu.buildFromTemplate). Some Linux panels
 * deliver no click to a tray icon, only its menu: the menu must reach every action.
 */

/** `starting`: the icon is up, the keychain has not answered yet (it may take seconds). */
export type TrayStatus = 'starting' | 'signed-out' | 'active' | 'rejected' | 'keychain-error';

export interface TrayMenuAccount {
  id: string;
  title: string;
  active: boolean;
}

export interface TrayMenuPlan {
  id: number;
  name: string;
  /** The first MAX_PROXIES_PER_PLAN proxies only: the menu shows no more. */
  proxies: readonly TrayMenuProxy[];
  /** All of the plan's proxies, for the "N more" item. */
  proxyCount: number;
}

export interface TrayMenuInput {
  status: TrayStatus;
  accounts: readonly TrayMenuAccount[];
  /** The first MAX_PLANS_IN_MENU plans only: the menu shows no more. */
  plans: readonly TrayMenuPlan[];
  /** All of the account's plans, for the "N more" item. */
  planCount: number;
  /** The pinned proxies that are listed, in the order pinned; at most MAX_FAVORITES_IN_MENU. */
  pinned?: readonly TrayMenuFavorite[];
  /** The last copied (not pinned) ones, most recent first; at most MAX_FAVORITES_IN_MENU. */
  recent?: readonly TrayMenuFavorite[];
  /** The open local ports. */
  localPorts?: readonly TrayMenuLocalPort[];
  /** The open pool ports, listed with the local ports. */
  poolPorts?: readonly TrayMenuPoolPort[];
  refreshing: boolean;
  /** Things in the popup that need the user's attention (expiring plans, failed changes). */
  alerts?: number;
  /** The version of a downloaded update that a restart installs. */
  updateVersion?: string;
  /** Why the global shortcut is not working (another app holds it), if it is not. */
  shortcutProblem?: string | null;
}

export interface TrayMenuActions extends TrayLocalPortActions {
  open(): void;
  /** Copies the proxy's credentials in the default format. */
  quickCopy(proxyId: number, planId: number): void;
  refresh(): void;
  switchAccount(accountId: string): void;
  openSettings(): void;
  signOut(): void;
  quit(): void;
  /** Quits and installs the downloaded update. */
  restartToUpdate(): void;
  /** Shows the log file's folder, for support: signed in or not. */
  openLogsFolder(): void;
}

/** Native menus get slow and unusable with hundreds of entries: the popup has the rest. */
export const MAX_PROXIES_PER_PLAN = 50;
export const MAX_PLANS_IN_MENU = 20;
export const MAX_FAVORITES_IN_MENU = 10;

const separator: TrayMenuItem = { type: 'separator' };

export function buildTrayMenu(input: TrayMenuInput, actions: TrayMenuActions): TrayMenuItem[] {
  const quit: TrayMenuItem = { id: 'quit', label: 'Quit Proxy Tray', click: () => actions.quit() };
  const logs: TrayMenuItem = {
    id: 'open-logs-folder',
    label: 'Open logs folder',
    click: () => actions.openLogsFolder(),
  };
  // Also when signed out: a sign-in that fails is when support asks for the log.
  const leave = [logs, ...updateItems(input.updateVersion, actions), quit];
  const shortcut = shortcutItems(input.shortcutProblem, actions);
  if (input.status === 'starting') {
    return [
      { id: 'status', label: 'Starting… reading your sign-in', enabled: false },
      { id: 'open', label: 'Open Proxy Tray', click: () => actions.open() },
      ...shortcut,
      separator,
      ...leave,
    ];
  }
  if (input.status === 'signed-out') {
    return [
      { id: 'sign-in', label: 'Sign in…', click: () => actions.open() },
      ...shortcut,
      separator,
      ...leave,
    ];
  }
  return [
    ...statusItems(input, actions),
    ...shortcut,
    separator,
    quickCopyItem(input, actions),
    localPortsItem(
      input.localPorts ?? [],
      [...(input.pinned ?? []), ...(input.recent ?? [])],
      actions,
      input.poolPorts ?? [],
    ),
    {
      id: 'refresh',
      label: input.refreshing ? 'Refreshing…' : 'Refresh',
      enabled: input.status === 'active' && !input.refreshing,
      click: () => actions.refresh(),
    },
    separator,
    ...accountItems(input.accounts, actions),
    { id: 'settings', label: 'Settings…', click: () => actions.openSettings() },
    { id: 'sign-out', label: 'Sign out', click: () => actions.signOut() },
    separator,
    ...leave,
  ];
}

/** The shortcut another app holds, said where it can be changed: a click opens Settings. */
function shortcutItems(
  problem: string | null | undefined,
  actions: TrayMenuActions,
): TrayMenuItem[] {
  if (!problem) return [];
  return [
    {
      id: 'shortcut-problem',
      label: menuLabel(`${problem.replace(/\.$/, '')}…`),
      click: () => actions.openSettings(),
    },
  ];
}

/** Next to Quit, which also installs it: a restart is a quit that comes back. */
function updateItems(version: string | undefined, actions: TrayMenuActions): TrayMenuItem[] {
  if (!version) return [];
  return [
    {
      id: 'restart-to-update',
      label: `Restart to update to ${menuLabel(version)}`,
      click: () => actions.restartToUpdate(),
    },
  ];
}

function statusItems(input: TrayMenuInput, actions: TrayMenuActions): TrayMenuItem[] {
  const open = () => actions.open();
  switch (input.status) {
    case 'rejected':
      return [
        { id: 'status', label: 'The service no longer accepts this sign-in', enabled: false },
        { id: 'open', label: 'Sign in again…', click: open },
      ];
    case 'keychain-error':
      return [
        { id: 'status', label: 'Your sign-in could not be read from the keychain', enabled: false },
        { id: 'open', label: 'Open Proxy Tray for details…', click: open },
      ];
    default:
      return [{ id: 'open', label: `Open Proxy Tray${alertSuffix(input.alerts)}`, click: open }];
  }
}

/** " (2 alerts)" after the app's name in the menu and the tooltip: the tray's badge. */
export function alertSuffix(alerts: number | undefined): string {
  if (!alerts || alerts < 1) return '';
  return alerts === 1 ? ' (1 alert)' : ` (${alerts} alerts)`;
}

function quickCopyItem(
  { plans, planCount, pinned = [], recent = [] }: TrayMenuInput,
  actions: TrayMenuActions,
): TrayMenuItem {
  if (plans.length === 0) {
    return {
      id: 'quick-copy',
      label: 'Quick copy',
      enabled: false,
      submenu: [{ label: 'No plans yet', enabled: false }],
    };
  }
  // What the user picked or used last comes first: one click away, before any plan's submenu.
  const favorites = [
    ...favoriteItems('pinned', 'Pinned', pinned, actions),
    ...favoriteItems('recent', 'Recent', recent, actions),
  ];
  const shown = [
    ...favorites,
    ...(favorites.length > 0 ? [separator] : []),
    ...plans.slice(0, MAX_PLANS_IN_MENU).map((plan) => planItem(plan, actions)),
  ];
  const hidden = planCount - Math.min(plans.length, MAX_PLANS_IN_MENU);
  if (hidden > 0) {
    shown.push(separator, moreInPopup('quick-copy/more-plans', hidden, 'plan', actions));
  }
  return { id: 'quick-copy', label: 'Quick copy', submenu: shown };
}

/** A heading (disabled, as native menus show one) and a proxy per item: a click copies it. */
function favoriteItems(
  kind: 'pinned' | 'recent',
  heading: string,
  proxies: readonly TrayMenuFavorite[],
  actions: TrayMenuActions,
): TrayMenuItem[] {
  if (proxies.length === 0) return [];
  return [
    { id: `quick-copy/${kind}`, label: heading, enabled: false },
    ...proxies.slice(0, MAX_FAVORITES_IN_MENU).map((proxy) => ({
      id: `quick-copy/${kind}/${proxy.id}`,
      label: menuLabel(proxy.title),
      click: () => actions.quickCopy(proxy.id, proxy.planId),
    })),
  ];
}

function planItem(plan: TrayMenuPlan, actions: TrayMenuActions): TrayMenuItem {
  const items: TrayMenuItem[] = plan.proxies.slice(0, MAX_PROXIES_PER_PLAN).map((proxy) => ({
    id: `quick-copy/proxy/${plan.id}/${proxy.id}`,
    label: menuLabel(proxy.title),
    click: () => actions.quickCopy(proxy.id, plan.id),
  }));
  const hidden = plan.proxyCount - items.length;
  if (items.length === 0) items.push({ label: 'No proxies', enabled: false });
  if (hidden > 0) {
    items.push(separator, moreInPopup(`quick-copy/more/${plan.id}`, hidden, 'proxy', actions));
  }
  return { id: `quick-copy/plan/${plan.id}`, label: menuLabel(plan.name), submenu: items };
}

function moreInPopup(
  id: string,
  count: number,
  noun: 'plan' | 'proxy',
  actions: TrayMenuActions,
): TrayMenuItem {
  const what =
    count === 1 ? `1 more ${noun}` : `${count} more ${noun === 'plan' ? 'plans' : 'proxies'}`;
  return { id, label: `More in the popup… (${what})`, click: () => actions.open() };
}

function accountItems(
  accounts: readonly TrayMenuAccount[],
  actions: TrayMenuActions,
): TrayMenuItem[] {
  if (accounts.length === 0) return [];
  const active = accounts.find((account) => account.active);
  return [
    {
      id: 'accounts',
      label: active ? `Account: ${menuLabel(active.title)}` : 'Account',
      submenu: accounts.map((account) => ({
        id: `account/${account.id}`,
        label: menuLabel(account.title),
        type: 'radio' as const,
        checked: account.active,
        click: () => {
          if (!account.active) actions.switchAccount(account.id);
        },
      })),
    },
  ];
}
