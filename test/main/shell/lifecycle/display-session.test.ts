import { describe, expect, it } from 'vitest';
import {
  displaySession,
  type DisplaySession,
} from '../../../../src/main/shell/lifecycle/display-session';

const electron = ['/opt/Proxy Tray/proxy-tray'];

describe('displaySession: other systems', () => {
  it.each(['darwin', 'win32', 'freebsd'] as const)(
    '%s is other, whatever the environment',
    (platform) => {
      const env = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' };
      expect(displaySession({ platform, env, argv: [...electron, '--ozone-platform=x11'] })).toBe(
        'other',
      );
    },
  );
});

describe('displaySession: Linux, from the environment (no explicit platform)', () => {
  // [what, env, expected]: the rule is "X11 only with an X display outside a Wayland session".
  const cases: [string, Record<string, string | undefined>, DisplaySession][] = [
    [
      'GNOME/KDE Wayland session (Xwayland gives DISPLAY too)',
      { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' },
      'wayland',
    ],
    [
      'Wayland session without Xwayland',
      { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0' },
      'wayland',
    ],
    ['X11 session', { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' }, 'x11'],
    [
      'X11 session that also sees a Wayland socket (nested compositor)',
      { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-1' },
      'x11',
    ],
    ['no session type, only DISPLAY (startx, ssh -X)', { DISPLAY: ':0' }, 'x11'],
    [
      'no session type, both displays: Chromium breaks the tie for X11',
      { DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-0' },
      'x11',
    ],
    [
      'tty session type with both displays',
      { XDG_SESSION_TYPE: 'tty', DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-0' },
      'x11',
    ],
    [
      'no session type, only WAYLAND_DISPLAY (sway started by hand)',
      { WAYLAND_DISPLAY: 'wayland-0' },
      'wayland',
    ],
    ['only WAYLAND_SOCKET', { WAYLAND_SOCKET: '5' }, 'wayland'],
    [
      'Wayland session type with only DISPLAY: Chromium versions disagree, the safe answer',
      { XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0' },
      'wayland',
    ],
    [
      'no display at all: X11 could not start, so Electron runs on Wayland if anything',
      {},
      'wayland',
    ],
    ['empty DISPLAY is no X display', { DISPLAY: '', WAYLAND_DISPLAY: 'wayland-0' }, 'wayland'],
  ];

  it.each(cases)('%s', (_what, env, expected) => {
    expect(displaySession({ platform: 'linux', env, argv: electron })).toBe(expected);
  });

  it('counts a --display switch as an X display', () => {
    const argv = [...electron, '--display=:1'];
    expect(displaySession({ platform: 'linux', env: { XDG_SESSION_TYPE: 'x11' }, argv })).toBe(
      'x11',
    );
  });
});

describe('displaySession: Linux, an explicit --ozone-platform wins', () => {
  const waylandSession = {
    XDG_SESSION_TYPE: 'wayland',
    WAYLAND_DISPLAY: 'wayland-0',
    DISPLAY: ':0',
  };
  const x11Session = { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' };

  it.each([
    [
      '--ozone-platform=x11 in a Wayland session (Xwayland)',
      waylandSession,
      ['--ozone-platform=x11'],
      'x11',
    ],
    [
      '--ozone-platform=wayland in an X11 session',
      x11Session,
      ['--ozone-platform=wayland'],
      'wayland',
    ],
    ['the single-dash form Chromium also accepts', waylandSession, ['-ozone-platform=x11'], 'x11'],
    [
      'the last of several',
      waylandSession,
      ['--ozone-platform=wayland', '--ozone-platform=x11'],
      'x11',
    ],
    ['headless: no desktop', x11Session, ['--ozone-platform=headless'], 'other'],
    ['an empty value is no choice', x11Session, ['--ozone-platform='], 'x11'],
    ['nothing after "--" is a switch', waylandSession, ['--', '--ozone-platform=x11'], 'wayland'],
    ['a look-alike switch is not it', waylandSession, ['--ozone-platform-x=x11'], 'wayland'],
  ] as const)('%s', (_what, env, flags, expected) => {
    expect(displaySession({ platform: 'linux', env, argv: [...electron, ...flags] })).toBe(
      expected,
    );
  });

  it("prefers Chromium's own answer (app.commandLine) to argv and the environment", () => {
    const argv = [...electron, '--ozone-platform=wayland'];
    expect(
      displaySession({ platform: 'linux', env: waylandSession, argv, ozonePlatformSwitch: 'x11' }),
    ).toBe('x11');
    expect(
      displaySession({
        platform: 'linux',
        env: x11Session,
        argv: electron,
        ozonePlatformSwitch: 'wayland',
      }),
    ).toBe('wayland');
    expect(
      displaySession({
        platform: 'linux',
        env: x11Session,
        argv: electron,
        ozonePlatformSwitch: '',
      }),
    ).toBe('x11');
  });
});

describe('displaySession: switches Electron 45 no longer reads', () => {
  // Chromium removed --ozone-platform-hint (crrev.com/c/6819616) and Electron 39 removed
  // ELECTRON_OZONE_PLATFORM_HINT (electron/electron#48001): honouring them would misjudge.
  const waylandSession = {
    XDG_SESSION_TYPE: 'wayland',
    WAYLAND_DISPLAY: 'wayland-0',
    DISPLAY: ':0',
  };

  it('ignores --ozone-platform-hint', () => {
    const argv = [...electron, '--ozone-platform-hint=x11'];
    expect(displaySession({ platform: 'linux', env: waylandSession, argv })).toBe('wayland');
  });

  it('ignores ELECTRON_OZONE_PLATFORM_HINT', () => {
    const env = { ...waylandSession, ELECTRON_OZONE_PLATFORM_HINT: 'x11' };
    expect(displaySession({ platform: 'linux', env, argv: electron })).toBe('wayland');
  });
});
