import { describe, expect, it } from 'vitest';
import { MAX_TRAY_TOOLTIP_LENGTH, trayTooltip } from '../../../../src/main/shell/tray/tray-tooltip';

const accounts = [
  { id: 'a', title: 'work@example.com', active: true },
  { id: 'b', title: 'home@example.com', active: false },
];

describe('trayTooltip', () => {
  it('names the active account', () => {
    expect(trayTooltip({ status: 'active', accounts })).toBe('Proxy Tray — work@example.com');
  });

  it('counts the plans needing attention first, as the tray’s badge', () => {
    expect(trayTooltip({ status: 'active', accounts, alerts: 2 })).toBe(
      'Proxy Tray (2 alerts) — work@example.com',
    );
    expect(trayTooltip({ status: 'active', accounts, alerts: 1 })).toBe(
      'Proxy Tray (1 alert) — work@example.com',
    );
    expect(trayTooltip({ status: 'active', accounts, alerts: 0 })).toBe(
      'Proxy Tray — work@example.com',
    );
    const long = trayTooltip({
      status: 'active',
      accounts: [{ id: 'a', title: 'x'.repeat(200), active: true }],
      alerts: 3,
    });
    expect(long.startsWith('Proxy Tray (3 alerts) — xxx')).toBe(true);
  });

  it('says what is wrong when the app cannot work', () => {
    expect(trayTooltip({ status: 'signed-out', accounts: [] })).toBe('Proxy Tray — signed out');
    expect(trayTooltip({ status: 'rejected', accounts })).toBe(
      'Proxy Tray — work@example.com: sign in again',
    );
    expect(trayTooltip({ status: 'keychain-error', accounts })).toBe(
      'Proxy Tray — keychain unavailable',
    );
  });

  it('drops direction controls from the account’s name', () => {
    const tooltip = trayTooltip({
      status: 'rejected',
      accounts: [{ id: 'a', title: '\u202Ework@example.com', active: true }],
    });
    expect(tooltip).toBe('Proxy Tray — work@example.com: sign in again');
  });

  it('keeps ampersands as they are (tooltips are not menus)', () => {
    const tooltip = trayTooltip({
      status: 'active',
      accounts: [{ id: 'a', title: 'R&D', active: true }],
    });
    expect(tooltip).toBe('Proxy Tray — R&D');
  });

  it('fits within the Windows limit without splitting a character', () => {
    const long = trayTooltip({
      status: 'active',
      accounts: [{ id: 'a', title: '😀'.repeat(100), active: true }],
    });
    expect(long.length).toBeLessThanOrEqual(MAX_TRAY_TOOLTIP_LENGTH);
    expect(long.endsWith('😀…')).toBe(true);
    expect(long).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('says the app is starting, and which shortcut is not working', () => {
    expect(trayTooltip({ status: 'starting', accounts: [] })).toBe('Proxy Tray — starting');
    expect(
      trayTooltip({
        status: 'signed-out',
        accounts: [],
        shortcutProblem: 'Ctrl+Shift+P is used by another app — choose another.',
      }),
    ).toBe('Proxy Tray — signed out\nCtrl+Shift+P is used by another app — choose another.');
  });
});
