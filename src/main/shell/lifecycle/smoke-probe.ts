import type { PopupWindow } from '../popup/popup-window';
import type { TrayController } from '../tray/tray';

/**
 * A read-only window on the running app for the `_electron` smoke tests (test/electron/).
 * Playwright sees windows but not the tray, so the tests ask the main process through
 * `electronApp.evaluate(() => globalThis.__proxyTraySmokeProbe...)`.
 *
 * Off unless PROXY_TRAY_SMOKE_PROBE=1. Even when on, it holds no secret (no token, no proxy
 * credentials) and reaching it takes code running in the main process, which a release build
 * cannot be made to run: its inspect fuse is off (electron-builder.yml).
 */
export const SMOKE_PROBE_ENV = 'PROXY_TRAY_SMOKE_PROBE';
export const SMOKE_PROBE_KEY = '__proxyTraySmokeProbe';

export interface SmokeProbe {
  /** True once the tray icon has been created. */
  trayCreated(): boolean;
  popupVisible(): boolean;
  /** Does what a click on the tray icon does. */
  clickTray(): void;
  /**
   * Clicks the newest desktop notification still shown, through its own Electron 'click' event
   * (the OS's toast itself is out of Playwright's reach); false when none is shown.
   */
  clickNewestNotification(): boolean;
}

export interface SmokeProbeSources {
  tray: TrayController | undefined;
  popup: Pick<PopupWindow, 'isVisible'>;
  /** The tray icon's click handler, as the composition root wires it. */
  clickTray: () => void;
  /** Electron's Notification is an EventEmitter: emitting 'click' is what a click on it does. */
  newestNotification: () => { emit(event: 'click'): unknown } | undefined;
}

/** Puts the probe on `target` (globalThis) when the environment asks for it; says whether it did. */
export function installSmokeProbe(
  sources: SmokeProbeSources,
  env: NodeJS.ProcessEnv = process.env,
  target: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): boolean {
  if (env[SMOKE_PROBE_ENV] !== '1') return false;
  const probe: SmokeProbe = {
    trayCreated: () => sources.tray !== undefined,
    popupVisible: () => sources.popup.isVisible(),
    clickTray: () => sources.clickTray(),
    clickNewestNotification: () => {
      const notification = sources.newestNotification();
      notification?.emit('click');
      return notification !== undefined;
    },
  };
  target[SMOKE_PROBE_KEY] = Object.freeze(probe);
  return true;
}
