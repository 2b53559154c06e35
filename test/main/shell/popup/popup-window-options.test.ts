import { describe, expect, it } from 'vitest';
import {
  POPUP_SIZE,
  popupBackgroundColour,
  popupWindowOptions,
} from '../../../../src/main/shell/popup/popup-window-options';

const preloadPath = '/app/out/preload/index.cjs';
const production = popupWindowOptions({ preloadPath, theme: 'light', devTools: false });
const web = production.webPreferences ?? {};

describe('popupWindowOptions: the window', () => {
  it('is frameless, opaque and about 380×560', () => {
    expect(production.frame).toBe(false);
    expect(production.transparent).toBe(false);
    expect(production.width).toBe(380);
    expect(production.height).toBe(560);
  });

  it('is resizable only within its minimum and maximum size', () => {
    expect(production.resizable).toBe(true);
    expect(production).toMatchObject({
      minWidth: 340,
      maxWidth: 640,
      minHeight: 420,
      maxHeight: 900,
    });
    expect(production.minWidth).toBeLessThanOrEqual(POPUP_SIZE.width);
    expect(production.maxWidth).toBeGreaterThanOrEqual(POPUP_SIZE.width);
    expect(production.minHeight).toBeLessThanOrEqual(POPUP_SIZE.height);
    expect(production.maxHeight).toBeGreaterThanOrEqual(POPUP_SIZE.height);
  });

  it('is hidden at creation', () => {
    expect(production.show).toBe(false);
  });

  it('stays out of the taskbar and Mission Control, and on top while shown', () => {
    expect(production.skipTaskbar).toBe(true);
    expect(production.hiddenInMissionControl).toBe(true);
    expect(production.alwaysOnTop).toBe(true);
  });

  it('cannot go full screen, be minimised or maximised', () => {
    expect(production.fullscreenable).toBe(false);
    expect(production.minimizable).toBe(false);
    expect(production.maximizable).toBe(false);
  });

  it('paints an opaque background matching the theme', () => {
    const dark = popupWindowOptions({ preloadPath, theme: 'dark', devTools: false });
    expect(production.backgroundColor).toBe(popupBackgroundColour('light'));
    expect(dark.backgroundColor).toBe(popupBackgroundColour('dark'));
    expect(popupBackgroundColour('light')).not.toBe(popupBackgroundColour('dark'));
    for (const colour of [production.backgroundColor, dark.backgroundColor]) {
      // #rrggbb: no alpha channel, so never see-through.
      expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });
});

describe('popupWindowOptions: the normal window (Wayland, or no tray)', () => {
  const windowKind = popupWindowOptions({
    preloadPath,
    theme: 'light',
    devTools: false,
    kind: 'window',
  });

  it('is the tray popup unless asked otherwise', () => {
    const popup = popupWindowOptions({
      preloadPath,
      theme: 'light',
      devTools: false,
      kind: 'tray-popup',
    });
    expect(popup).toEqual(production);
  });

  it('has a frame and a taskbar entry, and can be minimised', () => {
    expect(windowKind.frame).toBe(true);
    expect(windowKind.skipTaskbar).toBe(false);
    expect(windowKind.hiddenInMissionControl).toBe(false);
    expect(windowKind.minimizable).toBe(true);
  });

  it('does not stay on top of other windows', () => {
    expect(windowKind.alwaysOnTop).toBe(false);
  });

  it('is titled, small, resizable within the same bounds, hidden at creation and opaque', () => {
    expect(windowKind).toMatchObject({ title: 'Proxy Tray', ...POPUP_SIZE, resizable: true });
    expect(windowKind.show).toBe(false);
    expect(windowKind.transparent).toBe(false);
    expect(windowKind.backgroundColor).toBe(production.backgroundColor);
    expect(windowKind.maximizable).toBe(false);
    expect(windowKind.fullscreenable).toBe(false);
  });

  it('opens centred where the desktop lets the app place it', () => {
    expect(windowKind.center).toBe(true);
  });

  it('sets no icon of its own, and only the window is centred', () => {
    expect(windowKind.icon).toBeUndefined();
    expect(production.icon).toBeUndefined();
    expect(production.center).toBeUndefined();
  });

  it('keeps web preferences identical to the popup (same security checklist)', () => {
    expect(windowKind.webPreferences).toEqual(production.webPreferences);
    const development = popupWindowOptions({ preloadPath, theme: 'dark', devTools: true });
    const developmentWindow = popupWindowOptions({
      preloadPath,
      theme: 'dark',
      devTools: true,
      kind: 'window',
    });
    expect(developmentWindow.webPreferences).toEqual(development.webPreferences);
  });
});

describe('popupWindowOptions: web preferences (Electron security checklist)', () => {
  it('loads the given preload script', () => {
    expect(web.preload).toBe(preloadPath);
  });

  it('isolates the preload context', () => {
    expect(web.contextIsolation).toBe(true);
  });

  it('sandboxes the renderer', () => {
    expect(web.sandbox).toBe(true);
  });

  it('gives Node.js to no page, worker or subframe', () => {
    expect(web.nodeIntegration).toBe(false);
    expect(web.nodeIntegrationInWorker).toBe(false);
    expect(web.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and insecure content off', () => {
    expect(web.webSecurity).toBe(true);
    expect(web.allowRunningInsecureContent).toBe(false);
  });

  it('enables no experimental features and no <webview>', () => {
    expect(web.experimentalFeatures).toBe(false);
    expect(web.webviewTag).toBe(false);
    expect(web.enableBlinkFeatures).toBeUndefined();
  });

  it('turns the spellchecker off', () => {
    expect(web.spellcheck).toBe(false);
  });

  it('offers DevTools only in development', () => {
    expect(web.devTools).toBe(false);
    const development = popupWindowOptions({ preloadPath, theme: 'light', devTools: true });
    expect(development.webPreferences?.devTools).toBe(true);
  });

  it('lets no dropped file or plugin replace the page', () => {
    expect(web.navigateOnDragDrop).toBe(false);
    expect(web.plugins).toBe(false);
  });

  it('uses the default session: no partition that could share state with other pages', () => {
    expect(web.partition).toBeUndefined();
    expect(web.session).toBeUndefined();
  });
});
