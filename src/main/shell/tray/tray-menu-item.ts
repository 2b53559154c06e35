/*
 * The tray menu's entries as plain data, compatible with Electron's MenuItemConstructorOptions. Their
 * own file because the whole menu (tray-menu-template.ts) and its local ports submenu
 * (tray-local-ports.ts) both build them, and the menu includes the submenu.
 */

export interface TrayMenuItem {
  id?: string;
  label?: string;
  type?: 'normal' | 'separator' | 'submenu' | 'radio';
  enabled?: boolean;
  checked?: boolean;
  submenu?: TrayMenuItem[];
  click?: () => void;
}

export interface TrayMenuProxy {
  id: number;
  /** What the proxy is called: its label, else its address (see proxyTitle). */
  title: string;
}

/** A pinned or recently copied proxy, shown at the head of the quick-copy menu. */
export interface TrayMenuFavorite extends TrayMenuProxy {
  planId: number;
}
