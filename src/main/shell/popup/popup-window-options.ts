import type { BrowserWindowConstructorOptions } from 'electron';
import type { PopupKind } from './desktop-presentation';

/**
 * The popup's BrowserWindow options as plain data, so every security-relevant preference is
 * checked by a unit test (GUIDE §6) without launching Electron. Only the type comes from
 * electron: `import type` is erased, so this file loads in plain Node.
 */

export type PopupTheme = 'light' | 'dark';

export const POPUP_SIZE = {
  width: 380,
  height: 560,
  minWidth: 340,
  maxWidth: 640,
  minHeight: 420,
  maxHeight: 900,
} as const;

/**
 * Painted before the page has drawn and while it resizes; opaque because a transparent
 * window cannot be resized on Windows and has no shadow on Linux.
 */
const BACKGROUND_COLOURS: Record<PopupTheme, string> = {
  light: '#ffffff',
  dark: '#1e1e1e',
};

export function popupBackgroundColour(theme: PopupTheme): string {
  return BACKGROUND_COLOURS[theme];
}

export interface PopupWindowOptionsInput {
  /** Absolute path of the built preload script (CommonJS: the window is sandboxed). */
  preloadPath: string;
  theme: PopupTheme;
  /** True only in development: DevTools would let anyone read the popup's memory. */
  devTools: boolean;
  /** Default 'tray-popup'; see popupKind in desktop-presentation.ts. */
  kind?: PopupKind;
}

/** A frameless popup that lives by the tray icon. */
function trayPopupFrame(): BrowserWindowConstructorOptions {
  return {
    frame: false,
    minimizable: false,
    // A tray popup is not an app window: no taskbar button, no Mission Control tile.
    skipTaskbar: true,
    hiddenInMissionControl: true,
    // It is only ever visible while in use, and hides on blur, so it may stay on top.
    alwaysOnTop: true,
  };
}

/**
 * A small normal window, for Wayland and for desktops without a tray: the compositor frames and
 * places it (Wayland supports neither skipTaskbar, alwaysOnTop nor positioning), and its
 * taskbar entry is the way back to it when it is not in front.
 */
function normalWindowFrame(): BrowserWindowConstructorOptions {
  return {
    frame: true,
    minimizable: true,
    skipTaskbar: false,
    hiddenInMissionControl: false,
    alwaysOnTop: false,
    // X11 without a tray places windows as asked; on Wayland the compositor ignores this.
    center: true,
  };
}

export function popupWindowOptions(
  input: PopupWindowOptionsInput,
): BrowserWindowConstructorOptions {
  const frame = input.kind === 'window' ? normalWindowFrame() : trayPopupFrame();
  return {
    ...POPUP_SIZE,
    title: 'Proxy Tray',
    // Created hidden at start-up; shown on demand (next to the tray icon, for the popup).
    show: false,
    transparent: false,
    backgroundColor: popupBackgroundColour(input.theme),
    resizable: true,
    maximizable: false,
    fullscreenable: false,
    autoHideMenuBar: true,
    ...frame,
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      // The popup edits labels and URLs, not prose; the spellchecker would also download
      // dictionaries from Google's servers.
      spellcheck: false,
      devTools: input.devTools,
      // A file dropped on the popup must not replace it.
      navigateOnDragDrop: false,
      plugins: false,
      enableWebSQL: false,
      safeDialogs: true,
    },
  };
}
