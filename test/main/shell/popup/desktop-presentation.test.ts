import { describe, expect, it } from 'vitest';
import {
  NO_TRAY_HELP,
  dismissAction,
  firstShowDecision,
  knownToHaveNoTray,
  popupKind,
  shouldHideOnBlur,
  type DismissAction,
  type DismissTrigger,
  type FirstShowDecision,
  type PopupKind,
} from '../../../../src/main/shell/popup/desktop-presentation';
import type { DisplaySession } from '../../../../src/main/shell/lifecycle/display-session';
import type { TrayHostPresence } from '../../../../src/main/shell/tray/tray-host-probe';

describe('popupKind', () => {
  const cases: [DisplaySession, TrayHostPresence, PopupKind][] = [
    ['wayland', 'present', 'window'],
    ['wayland', 'missing', 'window'],
    ['wayland', 'unknown', 'window'],
    ['x11', 'present', 'tray-popup'],
    ['x11', 'unknown', 'tray-popup'],
    ['x11', 'missing', 'window'],
    // macOS and Windows always have their tray, whatever a probe would say.
    ['other', 'present', 'tray-popup'],
    ['other', 'missing', 'tray-popup'],
    ['other', 'unknown', 'tray-popup'],
  ];

  it.each(cases)('%s with a %s tray host → %s', (session, trayHost, expected) => {
    expect(popupKind(session, trayHost)).toBe(expected);
  });

  it('assumes a tray when not told', () => {
    expect(popupKind('x11')).toBe('tray-popup');
    expect(popupKind('wayland')).toBe('window');
    expect(popupKind('other')).toBe('tray-popup');
  });
});

describe('shouldHideOnBlur', () => {
  it('hides the tray popup on blur, never the window', () => {
    expect(shouldHideOnBlur('tray-popup')).toBe(true);
    expect(shouldHideOnBlur('window')).toBe(false);
  });
});

describe('knownToHaveNoTray', () => {
  it.each([
    ['linux', 'missing', true],
    ['linux', 'unknown', false],
    ['linux', 'present', false],
    ['darwin', 'missing', false],
    ['win32', 'missing', false],
  ] as const)('%s, %s → %s', (platform, trayHost, expected) => {
    expect(knownToHaveNoTray(platform, trayHost)).toBe(expected);
  });
});

describe('NO_TRAY_HELP', () => {
  it('is one short line naming the GNOME extension', () => {
    expect(NO_TRAY_HELP).not.toContain('\n');
    expect(NO_TRAY_HELP.length).toBeLessThanOrEqual(140);
    expect(NO_TRAY_HELP).toContain('AppIndicator and KStatusNotifierItem Support');
  });
});

describe('firstShowDecision', () => {
  const shown: FirstShowDecision = { show: true };
  const hidden: FirstShowDecision = { show: false };
  const withHelp: FirstShowDecision = { show: true, trayHelp: NO_TRAY_HELP };

  // [platform, trayHost, startHidden, launchedAtLogin, firstRun, expected]
  const cases: [NodeJS.Platform, TrayHostPresence, boolean, boolean, boolean, FirstShowDecision][] =
    [
      // A tray: the user's choice decides.
      ['linux', 'present', false, false, false, shown],
      ['linux', 'present', true, false, false, hidden],
      ['linux', 'present', false, true, false, hidden],
      ['linux', 'present', true, true, true, hidden],
      // No tray on Linux: always shown, with the help line, whatever was chosen.
      ['linux', 'missing', false, false, false, withHelp],
      ['linux', 'missing', true, false, false, withHelp],
      ['linux', 'missing', false, true, false, withHelp],
      ['linux', 'missing', true, true, true, withHelp],
      // Cannot tell: like a tray, except that the first run shows the window (without help).
      ['linux', 'unknown', false, false, false, shown],
      ['linux', 'unknown', true, false, false, hidden],
      ['linux', 'unknown', false, true, false, hidden],
      ['linux', 'unknown', true, false, true, shown],
      ['linux', 'unknown', true, true, true, shown],
      // macOS and Windows always have a tray: only the user's choice counts.
      ['darwin', 'missing', true, false, true, hidden],
      ['darwin', 'unknown', false, false, false, shown],
      ['win32', 'missing', false, true, false, hidden],
      ['win32', 'unknown', true, false, true, hidden],
    ];

  it.each(cases)(
    '%s, tray host %s, start hidden %s, at login %s, first run %s',
    (platform, trayHost, startHidden, launchedAtLogin, firstRun, expected) => {
      expect(
        firstShowDecision({ platform, trayHost, startHidden, launchedAtLogin, firstRun }),
      ).toEqual(expected);
    },
  );

  it('treats an unstated first run as a later one', () => {
    const input = {
      platform: 'linux',
      trayHost: 'unknown',
      startHidden: true,
      launchedAtLogin: false,
    } as const;
    expect(firstShowDecision(input)).toEqual(hidden);
  });
});

describe('dismissAction', () => {
  // [kind, trigger, platform, trayHost, expected]
  const cases: [PopupKind, DismissTrigger, NodeJS.Platform, TrayHostPresence, DismissAction][] = [
    // The tray popup, with its tray: every way out hides it.
    ['tray-popup', 'blur', 'linux', 'present', 'hide'],
    ['tray-popup', 'escape', 'linux', 'present', 'hide'],
    ['tray-popup', 'toggle', 'linux', 'present', 'hide'],
    ['tray-popup', 'close', 'linux', 'present', 'hide'],
    ['tray-popup', 'blur', 'darwin', 'unknown', 'hide'],
    ['tray-popup', 'close', 'win32', 'missing', 'hide'],
    // The window with a tray (Wayland): no blur-hide; Escape, toggle and close hide it.
    ['window', 'blur', 'linux', 'present', 'keep'],
    ['window', 'escape', 'linux', 'present', 'hide'],
    ['window', 'toggle', 'linux', 'present', 'hide'],
    ['window', 'close', 'linux', 'present', 'hide'],
    ['window', 'escape', 'linux', 'unknown', 'hide'],
    ['window', 'close', 'linux', 'unknown', 'hide'],
    // The window without a tray: never hidden out of reach.
    ['window', 'blur', 'linux', 'missing', 'keep'],
    ['window', 'escape', 'linux', 'missing', 'minimize'],
    ['window', 'toggle', 'linux', 'missing', 'hide'],
    ['window', 'close', 'linux', 'missing', 'quit'],
    // Even a popup (should a caller keep one) is not lost on a tray-less desktop.
    ['tray-popup', 'blur', 'linux', 'missing', 'keep'],
    ['tray-popup', 'escape', 'linux', 'missing', 'minimize'],
  ];

  it.each(cases)(
    '%s, %s on %s with a %s tray host → %s',
    (kind, trigger, platform, trayHost, expected) => {
      expect(dismissAction({ kind, trigger, platform, trayHost })).toBe(expected);
    },
  );
});
