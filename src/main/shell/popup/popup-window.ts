import {
  app,
  BrowserWindow,
  nativeTheme,
  shell,
  type Rectangle,
  type WebContents,
  type WebFrameMain,
} from 'electron';
// The app's configured logger (shell/app-log.ts): its lines are redacted like every other.
import log from 'electron-log/main';
import type { DismissAction, DismissTrigger, PopupKind } from './desktop-presentation';
import { createPopupPlacer } from './popup-placement';
import { popupSenderCheck } from './popup-sender-check';
import { createPopupToggle, isDismissKey } from './popup-toggle';
import { popupBackgroundColour, popupWindowOptions, type PopupTheme } from './popup-window-options';
import { rendererPageUrl } from './renderer-source';
import type { SessionEndSource } from '../lifecycle/session-end-quit-hooks';
import { applyWindowSecurity } from './window-security';

export interface PopupShownEvent {
  /** True when the popup should put the keyboard in its search box. */
  focusSearch: boolean;
}

export interface PopupShowOptions {
  /** Default true: opening from the tray or the shortcut is usually to find a proxy. */
  focusSearch?: boolean;
}

export interface PopupWindowOptions {
  /** Absolute path of the built preload (`out/preload/index.cjs`). */
  preloadPath: string;
  /** Default `process.env.ELECTRON_RENDERER_URL`; ignored in a packaged app. */
  devServerUrl?: string | undefined;
  /** Default `!app.isPackaged`: enables DevTools and keeps the popup open while they have focus. */
  development?: boolean;
  /** Hosts whose https links the popup may open in the browser (see navigation-policy.ts). */
  externalAllowList?: readonly string[];
  /** The tray icon's current bounds, to open the popup beside it. */
  getTrayBounds: () => Rectangle | undefined;
  /**
   * 'tray-popup' beside the tray, or a small normal window where the desktop cannot place or
   * focus a popup (Wayland) or has no tray (see desktop-presentation.ts). Fixed for the window's life.
   */
  kind: PopupKind;
  /** What losing focus, Escape, the toggle and closing do (desktop-presentation's dismissAction). */
  dismissAction: (trigger: DismissTrigger) => DismissAction;
  /**
   * Called each time the popup is shown, once its page has loaded; the composition root sends
   * the renderer its "shown" event from here.
   */
  onShown: (event: PopupShownEvent) => void;
  /**
   * Default true: a bare Escape hides the popup from the main process. Turn off if the popup
   * handles Escape itself (closing an inner dialog first) and asks main to hide.
   */
  hideOnEscape?: boolean;
}

export interface PopupWindow {
  show(options?: PopupShowOptions): void;
  /** Escape, or the popup asking to go: hides it (minimises it where there is no tray). */
  hide(): void;
  /** Tray click or shortcut: shows a hidden popup, hides a visible one. */
  toggle(options?: PopupShowOptions): void;
  isVisible(): boolean;
  /**
   * Runs a native dialog attached to the popup. The popup hides when it loses focus, and a dialog
   * takes the focus: while one is open, losing focus does not hide it.
   */
  withDialog<Result>(open: (parent: BrowserWindow) => Promise<Result>): Promise<Result>;
  readonly webContents: WebContents;
  readonly webContentsId: number;
  /** The window's end-of-session event (Windows), for session-end-quit-hooks.ts. */
  readonly sessionEndSource: SessionEndSource;
  /** The URL of the popup's own page (`app://popup/index.html` or the dev server's). */
  readonly appPageUrl: string;
  /** For IPC handlers: true only for the popup's main frame showing the popup's own page. */
  isTrustedSender(frame: WebFrameMain | null | undefined): boolean;
  destroy(): void;
}

function currentTheme(): PopupTheme {
  return nativeTheme.shouldUseDarkColors ? 'dark' : 'light';
}

/** Builds the popup, hidden, and starts loading its page. Call after `app.whenReady()`. */
export function createPopupWindow(options: PopupWindowOptions): PopupWindow {
  const development = options.development ?? !app.isPackaged;
  const pageUrl = rendererPageUrl({
    devServerUrl: options.devServerUrl ?? process.env['ELECTRON_RENDERER_URL'],
    isPackaged: app.isPackaged,
  });
  const window = new BrowserWindow(
    popupWindowOptions({
      preloadPath: options.preloadPath,
      theme: currentTheme(),
      devTools: development,
      kind: options.kind,
    }),
  );
  const contents = window.webContents;
  const webContentsId = contents.id;
  applyWindowSecurity(
    contents,
    { appPageUrl: pageUrl, externalAllowList: options.externalAllowList ?? [] },
    (url) => shell.openExternal(url),
    log,
  );
  const place = createPopupPlacer(window);
  const toggleDecision = createPopupToggle();

  let loaded = false;
  let pendingShown: PopupShownEvent | undefined;
  let quitting = false;
  let dialogsOpen = 0;

  const load = () => {
    loaded = false;
    // The built page comes over app:// (installAppProtocol must have run), the dev page over http.
    window
      .loadURL(pageUrl)
      .catch((error: unknown) => log.error('The popup page failed to load:', error));
  };

  const announceShown = (event: PopupShownEvent) => {
    if (loaded) options.onShown(event);
    else pendingShown = event; // delivered on did-finish-load
  };

  contents.on('did-finish-load', () => {
    loaded = true;
    const pending = pendingShown;
    pendingShown = undefined;
    if (pending && window.isVisible()) options.onShown(pending);
  });
  contents.on('render-process-gone', () => {
    loaded = false;
  });

  const isVisible = () => !window.isDestroyed() && window.isVisible();

  const show = ({ focusSearch = true }: PopupShowOptions = {}) => {
    if (window.isDestroyed()) return;
    // A crashed page is reloaded when next needed, not in a loop while nobody looks.
    if (contents.isCrashed()) load();
    // A normal window stays where the user (or the compositor) put it.
    if (options.kind === 'tray-popup') place(options.getTrayBounds());
    window.show();
    // A menu-bar app is never the active app on macOS until it asks: without this, key presses
    // would still go to the app the user was in.
    if (process.platform === 'darwin') app.focus({ steal: true });
    window.focus();
    announceShown({ focusSearch });
  };

  /** Does what the desktop's presentation says for this trigger; true when the window hid. */
  const dismiss = (trigger: DismissTrigger): boolean => {
    if (!isVisible()) return false;
    switch (options.dismissAction(trigger)) {
      case 'hide':
        window.hide();
        return true;
      case 'minimize':
        window.minimize();
        return false;
      case 'quit':
        app.quit();
        return false;
      case 'keep':
        return false;
    }
  };
  const hide = () => void dismiss('escape');

  window.on('blur', () => {
    if (!window.isVisible()) return;
    if (development && contents.isDevToolsOpened()) return;
    if (dialogsOpen > 0) return;
    if (dismiss('blur')) toggleDecision.hiddenByBlur();
  });

  contents.on('before-input-event', (event, input) => {
    if ((options.hideOnEscape ?? true) && isDismissKey(input)) {
      event.preventDefault();
      hide();
    }
  });

  // Cmd+W, Alt+F4 or the OS closing the window would destroy the popup for good: it hides
  // instead (quits, where no tray could bring it back), until the app is really quitting.
  app.on('before-quit', () => {
    quitting = true;
  });
  window.on('close', (event) => {
    if (quitting) return;
    event.preventDefault();
    dismiss('close');
  });

  nativeTheme.on('updated', () => {
    if (!window.isDestroyed()) window.setBackgroundColor(popupBackgroundColour(currentTheme()));
  });

  load();

  return {
    show,
    hide,
    toggle(showOptions) {
      const action = toggleDecision.decide(isVisible());
      if (action === 'show') show(showOptions);
      else if (action === 'hide') dismiss('toggle');
    },
    isVisible,
    async withDialog(open) {
      dialogsOpen += 1;
      try {
        return await open(window);
      } finally {
        dialogsOpen -= 1;
        if (!window.isDestroyed() && window.isVisible()) window.focus();
      }
    },
    webContents: contents,
    webContentsId,
    sessionEndSource: window,
    appPageUrl: pageUrl,
    isTrustedSender: popupSenderCheck(window, contents, pageUrl),
    destroy() {
      quitting = true;
      if (!window.isDestroyed()) window.destroy();
    },
  };
}
