import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The shell's decisions live in files that plain Node can load (so the tests here prove them);
 * only the small glue files import Electron. This keeps that split from eroding.
 */
const shellDir = resolve(import.meta.dirname, '../../../src/main/shell');

const PURE_MODULES = [
  'app-protocol/app-protocol-handler.ts',
  'app-protocol/app-protocol-paths.ts',
  'app-protocol/app-scheme.ts',
  'app-protocol/contained-file-reader.ts',
  'app-protocol/content-type.ts',
  'global-shortcut.ts',
  'ipc-main-bridge.ts',
  'lifecycle/appimage-autostart.ts',
  'lifecycle/login-item.ts',
  'lifecycle/quit-hooks.ts',
  'lifecycle/smoke-probe.ts',
  'lifecycle/xdg-autostart.ts',
  'popup/navigation-policy.ts',
  'popup/popup-position.ts',
  'popup/popup-sender-check.ts',
  'popup/popup-toggle.ts',
  'popup/popup-window-options.ts',
  'popup/renderer-source.ts',
  'popup/window-security.ts',
  'shown-notifications.ts',
  'tray/menu-label.ts',
  'tray/settled-tray-host.ts',
  'tray/tray-icons.ts',
  'tray/tray-menu-input.ts',
  'tray/tray-menu-template.ts',
  'tray/tray-refresher.ts',
  'tray/tray-tooltip.ts',
];

/** Imports that bring in code at run time (not `import type`). */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
    if (!match[1] && match[2]) specifiers.push(match[2]);
  }
  return specifiers;
}

describe('pure shell modules', () => {
  it.each(PURE_MODULES)('%s imports nothing from electron or electron-positioner', async (file) => {
    const imports = valueImports(await readFile(join(shellDir, file), 'utf8'));
    expect(imports.filter((specifier) => specifier.startsWith('electron'))).toEqual([]);
  });

  it.each(PURE_MODULES)('%s loads in plain Node', async (file) => {
    const module: Record<string, unknown> = await import(pathToFileURL(join(shellDir, file)).href);
    expect(Object.keys(module).length).toBeGreaterThan(0);
  });

  it('sees a value import of electron when there is one', () => {
    expect(valueImports("import { app, type Menu } from 'electron';")).toEqual(['electron']);
    expect(valueImports("import type { Menu } from 'electron';")).toEqual([]);
  });
});
