import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { proxyTitle } from '../../../../src/shared/ipc/proxy-title';
import {
  MAX_PLANS_IN_MENU,
  MAX_PROXIES_PER_PLAN,
  buildTrayMenu,
  type TrayMenuActions,
  type TrayMenuInput,
  type TrayMenuPlan,
} from '../../../../src/main/shell/tray/tray-menu-template';
import type { TrayMenuItem } from '../../../../src/main/shell/tray/tray-menu-item';

type Call = [name: keyof TrayMenuActions, ...args: unknown[]];

function recordingActions() {
  const calls: Call[] = [];
  const record =
    (name: keyof TrayMenuActions) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  const actions: TrayMenuActions = {
    open: record('open'),
    quickCopy: record('quickCopy'),
    refresh: record('refresh'),
    switchAccount: record('switchAccount'),
    openSettings: record('openSettings'),
    signOut: record('signOut'),
    quit: record('quit'),
    restartToUpdate: record('restartToUpdate'),
    openLogsFolder: record('openLogsFolder'),
    copyLocalPort: record('copyLocalPort'),
    stopLocalPort: record('stopLocalPort'),
    openLocalPort: record('openLocalPort'),
    copyPoolPort: record('copyPoolPort'),
    stopPoolPort: record('stopPoolPort'),
  };
  return { actions, calls };
}

/** A plan of `proxyCount` proxies as trayMenuInputOf gives it: the shown ones, and the count. */
function plan(id: number, name: string, proxyCount: number): TrayMenuPlan {
  return {
    id,
    name,
    proxies: Array.from({ length: Math.min(proxyCount, MAX_PROXIES_PER_PLAN) }, (_, index) => ({
      id: id * 1000 + index + 1,
      title: `10.0.${id}.${index + 1}:8080`,
    })),
    proxyCount,
  };
}

/** The input with these plans, as trayMenuInputOf gives them: the shown ones, and the count. */
function withPlans(plans: TrayMenuPlan[], planCount = plans.length): TrayMenuInput {
  return { ...active, plans: plans.slice(0, MAX_PLANS_IN_MENU), planCount };
}

const active: TrayMenuInput = {
  status: 'active',
  accounts: [
    { id: 'acc-work', title: 'work@example.com', active: true },
    { id: 'acc-home', title: 'home@example.com', active: false },
  ],
  plans: [plan(1, 'Residential US', 3), plan(2, 'Datacenter EU', 1)],
  planCount: 2,
  refreshing: false,
};

function find(items: TrayMenuItem[], id: string): TrayMenuItem {
  for (const item of items) {
    if (item.id === id) return item;
    if (item.submenu) {
      try {
        return find(item.submenu, id);
      } catch {
        // not in this branch
      }
    }
  }
  throw new Error(`no menu item ${id}`);
}

/** The top level as a list of ids, "---" for separators. */
function outline(items: TrayMenuItem[]): string[] {
  return items.map((item) => (item.type === 'separator' ? '---' : (item.id ?? item.label ?? '?')));
}

function click(item: TrayMenuItem): void {
  if (!item.click) throw new Error(`${item.id ?? item.label} has no click`);
  item.click();
}

describe('buildTrayMenu: structure per state', () => {
  it('offers only sign-in and quit when signed out', () => {
    const { actions, calls } = recordingActions();
    const menu = buildTrayMenu({ ...active, status: 'signed-out' }, actions);
    expect(outline(menu)).toEqual(['sign-in', '---', 'open-logs-folder', 'quit']);
    click(find(menu, 'sign-in'));
    expect(calls).toEqual([['open']]);
  });

  it('carries every action when signed in', () => {
    const menu = buildTrayMenu(active, recordingActions().actions);
    expect(outline(menu)).toEqual([
      'open',
      '---',
      'quick-copy',
      'local-ports',
      'refresh',
      '---',
      'accounts',
      'settings',
      'sign-out',
      '---',
      'open-logs-folder',
      'quit',
    ]);
    expect(find(menu, 'open').label).toBe('Open Proxy Tray');
    expect(find(menu, 'settings').label).toBe('Settings…');
    expect(find(menu, 'quit').label).toBe('Quit Proxy Tray');
  });

  it('explains a rejected sign-in and leads to signing in again', () => {
    const { actions, calls } = recordingActions();
    const menu = buildTrayMenu({ ...active, status: 'rejected' }, actions);
    expect(outline(menu).slice(0, 2)).toEqual(['status', 'open']);
    expect(find(menu, 'status').enabled).toBe(false);
    expect(find(menu, 'open').label).toBe('Sign in again…');
    expect(find(menu, 'refresh').enabled).toBe(false);
    click(find(menu, 'open'));
    expect(calls).toEqual([['open']]);
    // The credentials already listed still work: quick copy stays.
    expect(find(menu, 'quick-copy').enabled).not.toBe(false);
  });

  it('explains a keychain failure and points to the popup', () => {
    const menu = buildTrayMenu({ ...active, status: 'keychain-error' }, recordingActions().actions);
    expect(find(menu, 'status').label).toMatch(/keychain/);
    expect(find(menu, 'status').enabled).toBe(false);
    expect(find(menu, 'open').label).toBe('Open Proxy Tray for details…');
    expect(find(menu, 'refresh').enabled).toBe(false);
  });

  it('counts alerts in the open item', () => {
    const { actions } = recordingActions();
    expect(find(buildTrayMenu({ ...active, alerts: 1 }, actions), 'open').label).toBe(
      'Open Proxy Tray (1 alert)',
    );
    expect(find(buildTrayMenu({ ...active, alerts: 4 }, actions), 'open').label).toBe(
      'Open Proxy Tray (4 alerts)',
    );
    expect(find(buildTrayMenu({ ...active, alerts: 0 }, actions), 'open').label).toBe(
      'Open Proxy Tray',
    );
  });

  it('offers a restart into a downloaded update next to Quit, signed in or not', () => {
    const { actions, calls } = recordingActions();
    const ready = { ...active, updateVersion: '1.2.3' };
    const menu = buildTrayMenu(ready, actions);
    expect(outline(menu).slice(-2)).toEqual(['restart-to-update', 'quit']);
    expect(find(menu, 'restart-to-update').label).toBe('Restart to update to 1.2.3');
    click(find(menu, 'restart-to-update'));
    expect(calls).toEqual([['restartToUpdate']]);

    const signedOut = buildTrayMenu({ ...ready, status: 'signed-out' }, actions);
    expect(outline(signedOut)).toEqual([
      'sign-in',
      '---',
      'open-logs-folder',
      'restart-to-update',
      'quit',
    ]);
    expect(outline(buildTrayMenu(active, actions))).not.toContain('restart-to-update');
  });

  it('builds a template Electron accepts', () => {
    // Type-level check: the plain data is MenuItemConstructorOptions-compatible.
    const template: MenuItemConstructorOptions[] = buildTrayMenu(
      active,
      recordingActions().actions,
    );
    expect(template.length).toBeGreaterThan(0);
  });

  it('opens the logs folder, signed in or not: support asks for the log when sign-in fails', () => {
    for (const status of ['signed-out', 'active', 'rejected', 'keychain-error'] as const) {
      const { actions, calls } = recordingActions();
      const item = find(buildTrayMenu({ ...active, status }, actions), 'open-logs-folder');
      expect(item.label).toBe('Open logs folder');
      click(item);
      expect(calls).toEqual([['openLogsFolder']]);
    }
  });
});

describe('buildTrayMenu: actions', () => {
  it('invokes each callback once from its item', () => {
    const { actions, calls } = recordingActions();
    const menu = buildTrayMenu(active, actions);
    for (const id of ['open', 'refresh', 'settings', 'sign-out', 'quit']) click(find(menu, id));
    expect(calls).toEqual([['open'], ['refresh'], ['openSettings'], ['signOut'], ['quit']]);
  });

  it('disables refresh while refreshing and says so', () => {
    const refresh = find(
      buildTrayMenu({ ...active, refreshing: true }, recordingActions().actions),
      'refresh',
    );
    expect(refresh.enabled).toBe(false);
    expect(refresh.label).toBe('Refreshing…');
    const idle = find(buildTrayMenu(active, recordingActions().actions), 'refresh');
    expect(idle.enabled).toBe(true);
    expect(idle.label).toBe('Refresh');
  });

  it('copies the proxy that was clicked, with its plan', () => {
    const { actions, calls } = recordingActions();
    const menu = buildTrayMenu(active, actions);
    click(find(menu, 'quick-copy/proxy/1/1002'));
    click(find(menu, 'quick-copy/proxy/2/2001'));
    expect(calls).toEqual([
      ['quickCopy', 1002, 1],
      ['quickCopy', 2001, 2],
    ]);
  });

  it('lists accounts as radio items with the active one checked', () => {
    const menu = buildTrayMenu(active, recordingActions().actions);
    const accounts = find(menu, 'accounts');
    expect(accounts.label).toBe('Account: work@example.com');
    expect(accounts.submenu?.map((item) => [item.label, item.type, item.checked])).toEqual([
      ['work@example.com', 'radio', true],
      ['home@example.com', 'radio', false],
    ]);
  });

  it('switches to the account clicked, and not to the one already active', () => {
    const { actions, calls } = recordingActions();
    const menu = buildTrayMenu(active, actions);
    click(find(menu, 'account/acc-home'));
    click(find(menu, 'account/acc-work'));
    expect(calls).toEqual([['switchAccount', 'acc-home']]);
  });

  it('leaves the account submenu out when there is no account', () => {
    const menu = buildTrayMenu({ ...active, accounts: [] }, recordingActions().actions);
    expect(outline(menu)).not.toContain('accounts');
  });
});

describe('buildTrayMenu: quick copy', () => {
  it('has a submenu per plan, proxies in order', () => {
    const quickCopy = find(buildTrayMenu(active, recordingActions().actions), 'quick-copy');
    expect(quickCopy.submenu?.map((item) => item.label)).toEqual([
      'Residential US',
      'Datacenter EU',
    ]);
    expect(find([quickCopy], 'quick-copy/plan/1').submenu?.map((item) => item.label)).toEqual([
      '10.0.1.1:8080',
      '10.0.1.2:8080',
      '10.0.1.3:8080',
    ]);
  });

  it(`lists at most ${MAX_PROXIES_PER_PLAN} proxies per plan, then a way to the rest`, () => {
    const { actions, calls } = recordingActions();
    const menu = buildTrayMenu(withPlans([plan(7, 'Big', 130)]), actions);
    const items = find(menu, 'quick-copy/plan/7').submenu ?? [];
    const proxies = items.filter((item) => item.id?.startsWith('quick-copy/proxy/'));
    expect(proxies).toHaveLength(MAX_PROXIES_PER_PLAN);
    expect(proxies.at(-1)?.id).toBe(`quick-copy/proxy/7/${7000 + MAX_PROXIES_PER_PLAN}`);
    const more = find(menu, 'quick-copy/more/7');
    expect(more.label).toBe('More in the popup… (80 more proxies)');
    expect(items.at(-1)).toBe(more);
    click(more);
    expect(calls).toEqual([['open']]);
  });

  it('adds no "more" item when a plan fits', () => {
    const menu = buildTrayMenu(
      withPlans([plan(3, 'Exact', MAX_PROXIES_PER_PLAN)]),
      recordingActions().actions,
    );
    const items = find(menu, 'quick-copy/plan/3').submenu ?? [];
    expect(items).toHaveLength(MAX_PROXIES_PER_PLAN);
    expect(() => find(menu, 'quick-copy/more/3')).toThrow();
  });

  it('names one hidden proxy in the singular', () => {
    const menu = buildTrayMenu(
      withPlans([plan(3, 'One over', MAX_PROXIES_PER_PLAN + 1)]),
      recordingActions().actions,
    );
    expect(find(menu, 'quick-copy/more/3').label).toBe('More in the popup… (1 more proxy)');
  });

  it(`lists at most ${MAX_PLANS_IN_MENU} plans`, () => {
    const plans = Array.from({ length: MAX_PLANS_IN_MENU + 5 }, (_, index) =>
      plan(index + 1, `Plan ${index + 1}`, 1),
    );
    const quickCopy = find(
      buildTrayMenu(withPlans(plans), recordingActions().actions),
      'quick-copy',
    );
    const planItems = quickCopy.submenu?.filter((item) => item.id?.startsWith('quick-copy/plan/'));
    expect(planItems).toHaveLength(MAX_PLANS_IN_MENU);
    expect(quickCopy.submenu?.at(-1)?.label).toBe('More in the popup… (5 more plans)');
  });

  it('counts what it does not list from the totals it is given, not from what it lists', () => {
    const plans = Array.from({ length: MAX_PLANS_IN_MENU }, (_, index) =>
      plan(index + 1, `Plan ${index + 1}`, index === 0 ? 100_000 : 1),
    );
    const menu = buildTrayMenu(withPlans(plans, 1_000), recordingActions().actions);
    expect(find(menu, 'quick-copy/more-plans').label).toBe('More in the popup… (980 more plans)');
    expect(find(menu, 'quick-copy/more/1').label).toBe('More in the popup… (99950 more proxies)');
  });

  it('shows an empty plan as such', () => {
    const menu = buildTrayMenu(withPlans([plan(4, 'Empty', 0)]), recordingActions().actions);
    expect(find(menu, 'quick-copy/plan/4').submenu).toEqual([
      { label: 'No proxies', enabled: false },
    ]);
  });

  it('is disabled before any plan is known', () => {
    const quickCopy = find(
      buildTrayMenu({ ...withPlans([]), refreshing: true }, recordingActions().actions),
      'quick-copy',
    );
    expect(quickCopy.enabled).toBe(false);
    expect(quickCopy.submenu).toEqual([{ label: 'No plans yet', enabled: false }]);
  });

  it('shows labels where the user gave them and addresses elsewhere', () => {
    const NONE_SHARED = new Set<string>();
    const proxies = [
      {
        id: 11,
        title: proxyTitle(
          { label: 'Scraper #1', ip: '203.0.113.7', port: 3128, username: 'a' },
          NONE_SHARED,
        ),
      },
      {
        id: 12,
        title: proxyTitle(
          { label: null, ip: '203.0.113.8', port: 3128, username: 'b' },
          NONE_SHARED,
        ),
      },
      {
        id: 13,
        title: proxyTitle(
          { label: '   ', ip: '203.0.113.9', port: 8000, username: 'c' },
          NONE_SHARED,
        ),
      },
    ];
    const menu = buildTrayMenu(
      withPlans([{ id: 9, name: 'Mixed', proxies, proxyCount: proxies.length }]),
      recordingActions().actions,
    );
    expect(find(menu, 'quick-copy/plan/9').submenu?.map((item) => item.label)).toEqual([
      'Scraper #1',
      '203.0.113.8:3128',
      '203.0.113.9:8000',
    ]);
  });
});

describe('buildTrayMenu: text from users and the service', () => {
  it('doubles ampersands in plan names, proxy labels and account titles', () => {
    const menu = buildTrayMenu(
      {
        ...active,
        accounts: [{ id: 'x', title: 'R&D team', active: true }],
        plans: [
          {
            id: 5,
            name: 'Sales & Ops',
            proxies: [{ id: 51, title: 'Tom & Jerry' }],
            proxyCount: 1,
          },
        ],
        planCount: 1,
      },
      recordingActions().actions,
    );
    expect(find(menu, 'quick-copy/plan/5').label).toBe('Sales && Ops');
    expect(find(menu, 'quick-copy/proxy/5/51').label).toBe('Tom && Jerry');
    expect(find(menu, 'accounts').label).toBe('Account: R&&D team');
    expect(find(menu, 'account/x').label).toBe('R&&D team');
  });

  it('keeps a hostile name on one short line', () => {
    const menu = buildTrayMenu(
      {
        ...active,
        plans: [
          {
            id: 6,
            name: `<img src=x onerror=alert(1)>\n${'z'.repeat(300)}`,
            proxies: [],
            proxyCount: 0,
          },
        ],
        planCount: 1,
      },
      recordingActions().actions,
    );
    const label = find(menu, 'quick-copy/plan/6').label ?? '';
    expect(label).not.toContain('\n');
    expect(label.startsWith('<img src=x onerror=alert(1)> z')).toBe(true);
    expect(label.length).toBeLessThanOrEqual(60);
  });
});

describe('the tray menu while starting, and with a shortcut problem', () => {
  it('is there before the keychain answers: open, settings by the shortcut line, and quit', () => {
    const { actions, calls } = recordingActions();
    const menu = buildTrayMenu({ ...withPlans([]), status: 'starting' }, actions);
    expect(outline(menu)).toEqual(['status', 'open', '---', 'open-logs-folder', 'quit']);
    expect(find(menu, 'status')).toMatchObject({
      label: 'Starting… reading your sign-in',
      enabled: false,
    });
    click(find(menu, 'open'));
    click(find(menu, 'quit'));
    expect(calls).toEqual([['open'], ['quit']]);
  });

  it('says which shortcut another app holds, in every state, and opens Settings on a click', () => {
    const shortcutProblem = 'Ctrl+Shift+P is used by another app — choose another.';
    for (const status of ['starting', 'signed-out', 'active', 'rejected'] as const) {
      const { actions, calls } = recordingActions();
      const menu = buildTrayMenu({ ...active, status, shortcutProblem }, actions);
      const item = find(menu, 'shortcut-problem');
      expect(item.label).toBe('Ctrl+Shift+P is used by another app — choose another…');
      click(item);
      expect(calls).toEqual([['openSettings']]);
    }
    expect(() =>
      find(buildTrayMenu(active, recordingActions().actions), 'shortcut-problem'),
    ).toThrow();
  });
});

describe('buildTrayMenu: pool ports', () => {
  it('lists the open pool ports in "Local ports", each stopped from there', () => {
    const { actions, calls } = recordingActions();
    const menu = buildTrayMenu(
      {
        ...active,
        poolPorts: [{ poolId: 'f00d', address: '127.0.0.1:24300', title: 'Plan Residential US' }],
      },
      actions,
    );
    expect(find(menu, 'local-ports').label).toBe('Local ports (1)');
    expect(find(menu, 'local-ports/pool/f00d').label).toBe('127.0.0.1:24300 · Plan Residential US');
    click(find(menu, 'local-ports/pool-stop/f00d'));
    expect(calls).toEqual([['stopPoolPort', 'f00d']]);
  });
});
