import type {
  DevicePermissionHandlerHandlerDetails,
  Event as ElectronEvent,
  HandlerDetails,
  Session,
  WebContents,
  WebContentsWillNavigateEventParams,
  WindowOpenHandlerResponse,
} from 'electron';
import { describe, expect, it } from 'vitest';
import { APP_PAGE_URL } from '../../../../src/main/shell/app-protocol/app-scheme';
import type { NavigationPolicy } from '../../../../src/main/shell/popup/navigation-policy';
import { applyWindowSecurity } from '../../../../src/main/shell/popup/window-security';

/**
 * The wiring of window-security.ts, driven through recording stand-ins of the Electron objects it
 * configures (a WebContents and its Session): what each handler answers, and which navigations
 * it prevents. The decisions themselves are proven in navigation-policy.test.ts.
 */

const policy: NavigationPolicy = {
  appPageUrl: APP_PAGE_URL,
  externalAllowList: ['docs.example.com'],
};
const ALLOWED_SITE = 'https://docs.example.com/help';
const FOREIGN_SITE = 'https://evil.example/steal';
const OWN_PAGE = `${APP_PAGE_URL}#/settings`;

/** What Electron hands navigation listeners, with a record of whether it was prevented. */
type NavigationEvent = ElectronEvent<WebContentsWillNavigateEventParams>;

function navigationEvent(url: string, { isMainFrame = true } = {}): NavigationEvent {
  let prevented = false;
  return {
    url,
    isMainFrame,
    isSameDocument: false,
    frame: null,
    preventDefault: () => {
      prevented = true;
    },
    get defaultPrevented() {
      return prevented;
    },
  };
}

function windowOpenDetails(url: string): HandlerDetails {
  return {
    url,
    frameName: '',
    features: '',
    disposition: 'new-window',
    referrer: { url: '', policy: 'default' },
  };
}

/** The handlers' types exactly as Session declares them. */
type HandlerOf<Setter extends keyof Session> = Session[Setter] extends (
  handler: infer Handler,
) => void
  ? NonNullable<Handler>
  : never;
type PermissionRequestHandler = HandlerOf<'setPermissionRequestHandler'>;
type PermissionCheckHandler = HandlerOf<'setPermissionCheckHandler'>;
type DevicePermissionHandler = HandlerOf<'setDevicePermissionHandler'>;
type Permission = Parameters<PermissionRequestHandler>[1];

/**
 * The page asking. The handlers never look at it (every request is refused, whoever asks), and a
 * real WebContents cannot exist without Electron.
 */
const REQUESTER = {} as WebContents;

/** A WebContents as far as applyWindowSecurity touches it, recording what it was given. */
function securedWindow(
  openExternal?: (url: string) => Promise<void>,
  log: { warn: (...args: unknown[]) => void } = { warn: () => {} },
) {
  const listeners = new Map<string, ((event: NavigationEvent) => void)[]>();
  const handlers: {
    permissionRequest?: PermissionRequestHandler | null;
    permissionCheck?: PermissionCheckHandler | null;
    devicePermission?: DevicePermissionHandler | null;
    windowOpen?: (details: HandlerDetails) => WindowOpenHandlerResponse;
  } = {};
  const opened: string[] = [];
  const contents = {
    session: {
      setPermissionRequestHandler(handler: PermissionRequestHandler | null) {
        handlers.permissionRequest = handler;
      },
      setPermissionCheckHandler(handler: PermissionCheckHandler | null) {
        handlers.permissionCheck = handler;
      },
      setDevicePermissionHandler(handler: DevicePermissionHandler | null) {
        handlers.devicePermission = handler;
      },
    },
    on(event: string, listener: (event: NavigationEvent) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse) {
      handlers.windowOpen = handler;
    },
  };
  applyWindowSecurity(
    contents,
    policy,
    openExternal ??
      (async (url) => {
        opened.push(url);
      }),
    log,
  );

  return {
    handlers,
    opened,
    listenerCount: (event: string) => listeners.get(event)?.length ?? 0,
    /** Emits like Electron does, and answers whether a listener prevented the default. */
    emit(event: string, navigation: NavigationEvent): boolean {
      for (const listener of listeners.get(event) ?? []) listener(navigation);
      return navigation.defaultPrevented;
    },
    openWindow(url: string): WindowOpenHandlerResponse {
      if (!handlers.windowOpen) throw new Error('no window-open handler was set');
      return handlers.windowOpen(windowOpenDetails(url));
    },
  };
}

/** Lets a rejected or resolved openExternal settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('applyWindowSecurity: permissions', () => {
  const PERMISSIONS: Permission[] = [
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'clipboard-sanitized-write',
    'openExternal',
    'fullscreen',
    'hid',
    'unknown',
  ];

  it.each(PERMISSIONS)('answers a request for %s with false, exactly once', (permission) => {
    const { handlers } = securedWindow();
    const answers: boolean[] = [];
    handlers.permissionRequest?.(REQUESTER, permission, (granted) => answers.push(granted), {
      isMainFrame: true,
      requestingUrl: APP_PAGE_URL,
    });
    expect(answers).toEqual([false]);
  });

  it.each(PERMISSIONS)('answers a check for %s with false', (permission) => {
    const { handlers } = securedWindow();
    expect(handlers.permissionCheck).toBeTypeOf('function');
    expect(
      handlers.permissionCheck?.(REQUESTER, permission, 'app://popup', { isMainFrame: true }),
    ).toBe(false);
  });

  it.each<DevicePermissionHandlerHandlerDetails>([
    {
      deviceType: 'hid',
      origin: 'app://popup',
      device: { deviceId: '1', name: 'Security key', productId: 1, vendorId: 1, collections: [] },
    },
    { deviceType: 'serial', origin: 'app://popup', device: { portId: '1', portName: 'ttyS0' } },
  ])('grants no $deviceType device', (details) => {
    const { handlers } = securedWindow();
    expect(handlers.devicePermission).toBeTypeOf('function');
    expect(handlers.devicePermission?.(details)).toBe(false);
  });
});

describe('applyWindowSecurity: new windows', () => {
  it.each([
    ['a foreign site', FOREIGN_SITE],
    ['an allow-listed https site', ALLOWED_SITE],
    ["the app's own page", OWN_PAGE],
    ['about:blank', 'about:blank'],
    ['a javascript: URL', 'javascript:alert(1)'],
  ])('denies a window for %s', (_what, url) => {
    expect(securedWindow().openWindow(url)).toEqual({ action: 'deny' });
  });

  it('hands an allow-listed https link to the browser, once, and nothing else', () => {
    const window = securedWindow();
    window.openWindow(ALLOWED_SITE);
    window.openWindow(FOREIGN_SITE);
    window.openWindow(OWN_PAGE);
    window.openWindow('http://docs.example.com/help');
    expect(window.opened).toEqual([ALLOWED_SITE]);
  });

  it('still denies when the browser refuses to open the link, and logs why', async () => {
    const warnings: unknown[][] = [];
    const window = securedWindow(() => Promise.reject(new Error('no browser')), {
      warn: (...args) => warnings.push(args),
    });
    expect(window.openWindow(ALLOWED_SITE)).toEqual({ action: 'deny' });
    await settle();
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.[0])).toContain(ALLOWED_SITE);
  });
});

describe('applyWindowSecurity: navigation', () => {
  it('prevents navigating the popup to a foreign site, and opens nothing', () => {
    const window = securedWindow();
    expect(window.emit('will-navigate', navigationEvent(FOREIGN_SITE))).toBe(true);
    expect(window.opened).toEqual([]);
  });

  it('prevents navigating to an allow-listed site and opens it in the browser once', () => {
    const window = securedWindow();
    const link = navigationEvent(ALLOWED_SITE);
    // Electron emits both for a main-frame navigation: will-frame-navigate must not open it again.
    expect(window.emit('will-frame-navigate', link)).toBe(false);
    expect(window.emit('will-navigate', link)).toBe(true);
    expect(window.opened).toEqual([ALLOWED_SITE]);
  });

  it('lets the popup reload or route within its own page', () => {
    const window = securedWindow();
    expect(window.emit('will-navigate', navigationEvent(OWN_PAGE))).toBe(false);
    expect(window.emit('will-navigate', navigationEvent(APP_PAGE_URL))).toBe(false);
    expect(window.opened).toEqual([]);
  });

  it('prevents every redirect away from its own page, allow-listed sites included', () => {
    const window = securedWindow();
    expect(window.emit('will-redirect', navigationEvent(FOREIGN_SITE))).toBe(true);
    expect(window.emit('will-redirect', navigationEvent(ALLOWED_SITE))).toBe(true);
    expect(window.emit('will-redirect', navigationEvent(OWN_PAGE))).toBe(false);
    // A redirect is the server's choice, not the user's: nothing opens in the browser.
    expect(window.opened).toEqual([]);
  });

  it('prevents a subframe from navigating to a foreign site', () => {
    const window = securedWindow();
    const subframe = navigationEvent(FOREIGN_SITE, { isMainFrame: false });
    expect(window.emit('will-frame-navigate', subframe)).toBe(true);
  });

  it('prevents a subframe navigating to an allow-listed site, opening it in the browser', () => {
    const window = securedWindow();
    const subframe = navigationEvent(ALLOWED_SITE, { isMainFrame: false });
    expect(window.emit('will-frame-navigate', subframe)).toBe(true);
    expect(window.opened).toEqual([ALLOWED_SITE]);
  });

  it('prevents attaching a <webview>', () => {
    const window = securedWindow();
    expect(window.listenerCount('will-attach-webview')).toBe(1);
    expect(window.emit('will-attach-webview', navigationEvent(OWN_PAGE))).toBe(true);
  });
});
