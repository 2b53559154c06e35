import { describe, expect, it } from 'vitest';
import { trayMenuInputOf } from '../../../../src/main/shell/tray/tray-menu-input';
import {
  MAX_FAVORITES_IN_MENU,
  buildTrayMenu,
  type TrayMenuActions,
  type TrayMenuInput,
} from '../../../../src/main/shell/tray/tray-menu-template';
import type { TrayMenuItem } from '../../../../src/main/shell/tray/tray-menu-item';
import type { SessionView } from '../../../../src/shared/views/session-view';

function recordingActions() {
  const copies: [proxyId: number, planId: number][] = [];
  const nothing = () => {};
  const actions: TrayMenuActions = {
    open: nothing,
    quickCopy: (proxyId, planId) => void copies.push([proxyId, planId]),
    refresh: nothing,
    switchAccount: nothing,
    openSettings: nothing,
    signOut: nothing,
    quit: nothing,
    restartToUpdate: nothing,
    openLogsFolder: nothing,
    copyLocalPort: nothing,
    stopLocalPort: nothing,
    openLocalPort: nothing,
    copyPoolPort: nothing,
    stopPoolPort: nothing,
  };
  return { actions, copies };
}

const active: TrayMenuInput = {
  status: 'active',
  accounts: [{ id: 'acc', title: 'work@example.com', active: true }],
  plans: [{ id: 1, name: 'Residential US', proxies: [{ id: 11, title: 'DE-1' }], proxyCount: 1 }],
  planCount: 1,
  refreshing: false,
};

function quickCopy(items: TrayMenuItem[]): TrayMenuItem[] {
  const item = items.find((candidate) => candidate.id === 'quick-copy');
  if (!item?.submenu) throw new Error('no quick-copy submenu');
  return item.submenu;
}

const labels = (items: TrayMenuItem[]) => items.map((item) => item.label ?? `(${item.type})`);

describe('the quick-copy menu’s pinned and recent proxies', () => {
  it('head the submenu under "Pinned" and "Recent", before the plans; a click copies', () => {
    const { actions, copies } = recordingActions();
    const items = quickCopy(
      buildTrayMenu(
        {
          ...active,
          pinned: [{ id: 12, planId: 1, title: 'Office Berlin' }],
          recent: [
            { id: 13, planId: 2, title: '203.0.113.7:8080' },
            { id: 11, planId: 1, title: 'DE-1' },
          ],
        },
        actions,
      ),
    );
    expect(labels(items)).toEqual([
      'Pinned',
      'Office Berlin',
      'Recent',
      '203.0.113.7:8080',
      'DE-1',
      '(separator)',
      'Residential US',
    ]);
    expect(items[0]).toMatchObject({ id: 'quick-copy/pinned', enabled: false });
    expect(items[2]).toMatchObject({ id: 'quick-copy/recent', enabled: false });
    items[1]?.click?.();
    items[3]?.click?.();
    expect(copies).toEqual([
      [12, 1],
      [13, 2],
    ]);
  });

  it('leave the menu as it was when there are none, and show only the kind there is', () => {
    const { actions } = recordingActions();
    expect(labels(quickCopy(buildTrayMenu(active, actions)))).toEqual(['Residential US']);
    const onlyRecent = quickCopy(
      buildTrayMenu({ ...active, recent: [{ id: 11, planId: 1, title: 'DE-1' }] }, actions),
    );
    expect(labels(onlyRecent)).toEqual(['Recent', 'DE-1', '(separator)', 'Residential US']);
  });

  it('escape "&" in titles as every menu label does', () => {
    const { actions } = recordingActions();
    const items = quickCopy(
      buildTrayMenu({ ...active, pinned: [{ id: 11, planId: 1, title: 'R&D' }] }, actions),
    );
    expect(items[1]?.label).toBe('R&&D');
  });
});

describe('trayMenuInputOf with favorites', () => {
  const session: SessionView = {
    state: 'active',
    account: {
      id: 'a1',
      serviceUrl: 'https://api.example.com/',
      username: 'dana',
      displayName: '',
    },
    accounts: [],
  };
  const proxyAt = (id: number) => ({
    ip: `10.0.0.${id}`,
    port: 8080,
    username: `dana_p${id}`,
    label: id === 2 ? 'Two' : null,
  });
  /** The proxy alone in its plan: nothing shares its address. */
  const alone = (id: number) => ({
    planId: 9,
    plan: { proxies: [proxyAt(id)] },
    proxy: proxyAt(id),
  });
  const plans = { plans: [], refreshing: false };

  it('names them as proxyTitle does, skips unlisted ids, and does not repeat a pinned one', () => {
    const looked: number[] = [];
    const input = trayMenuInputOf(session, plans, {
      favorites: {
        ids: { pinned: [2, 404], recent: [3, 2, 405, 1] },
        find: (id) => {
          looked.push(id);
          return id < 100 ? alone(id) : undefined;
        },
      },
    });
    expect(input.pinned).toEqual([{ id: 2, planId: 9, title: 'Two' }]);
    expect(input.recent).toEqual([
      { id: 3, planId: 9, title: '10.0.0.3:8080' },
      { id: 1, planId: 9, title: '10.0.0.1:8080' },
    ]);
    expect(looked).toEqual([2, 404, 3, 405, 1]);
  });

  it(`looks up no more than it shows: at most ${MAX_FAVORITES_IN_MENU} pinned`, () => {
    const looked: number[] = [];
    const pinned = Array.from({ length: 100 }, (_, index) => index + 1);
    const input = trayMenuInputOf(session, plans, {
      favorites: {
        ids: { pinned, recent: [] },
        find: (id) => {
          looked.push(id);
          return alone(id);
        },
      },
    });
    expect(input.pinned).toHaveLength(MAX_FAVORITES_IN_MENU);
    expect(looked).toHaveLength(MAX_FAVORITES_IN_MENU);
  });

  it('names one of a gateway plan (its host:port shared) by username @ host:port', () => {
    const gateway = { ...proxyAt(5), ip: 'gate.example.com' };
    const input = trayMenuInputOf(session, plans, {
      favorites: {
        ids: { pinned: [], recent: [5] },
        find: () => ({
          planId: 9,
          plan: { proxies: [gateway, { ...gateway, username: 'dana_p6' }] },
          proxy: gateway,
        }),
      },
    });
    expect(input.recent).toEqual([{ id: 5, planId: 9, title: 'dana_p5 @ gate.example.com:8080' }]);
  });

  it('has none without a source', () => {
    expect(trayMenuInputOf(session, plans)).toMatchObject({ pinned: [], recent: [] });
  });
});
