import { describe, expect, it } from 'vitest';
import { createGlobalShortcut } from '../../../src/main/shell/global-shortcut';
import { useMainProcess } from '../ipc/main-services-fixture';
import { RecordingShortcutRegistry } from '../../../tools/stand-ins/shortcut-registry';

describe('the global shortcut over globalShortcut', () => {
  it('registers the shortcut, and a press opens the popup', () => {
    const registry = new RecordingShortcutRegistry();
    let presses = 0;
    const shortcut = createGlobalShortcut(registry, 'linux', () => (presses += 1));

    expect(shortcut.set('CommandOrControl+Shift+P')).toEqual({
      ok: true,
      accelerator: 'CommandOrControl+Shift+P',
    });
    registry.press('CommandOrControl+Shift+P');
    expect(presses).toBe(1);
  });

  it('says which keys another app holds, and keeps the previous shortcut working', () => {
    const registry = new RecordingShortcutRegistry();
    const shortcut = createGlobalShortcut(registry, 'win32', () => {});
    shortcut.set('CommandOrControl+Shift+Y');
    registry.takenByOtherApps.add('CommandOrControl+Shift+P');

    expect(shortcut.set('CommandOrControl+Shift+P')).toEqual({
      ok: false,
      message: 'Ctrl+Shift+P is used by another app — choose another.',
    });
    expect([...registry.registered.keys()]).toEqual(['CommandOrControl+Shift+Y']);
  });

  it('names macOS keys the Mac way', () => {
    const registry = new RecordingShortcutRegistry();
    registry.takenByOtherApps.add('CommandOrControl+Shift+P');
    const result = createGlobalShortcut(registry, 'darwin', () => {}).set(
      'CommandOrControl+Shift+P',
    );
    expect(result).toEqual({
      ok: false,
      message: '⇧⌘P is used by another app — choose another.',
    });
  });

  it('turns a throwing registration into a sentence', () => {
    const registry = new RecordingShortcutRegistry();
    registry.register = () => {
      throw new Error('Failed to register');
    };
    expect(createGlobalShortcut(registry, 'linux', () => {}).set('Alt+Space')).toEqual({
      ok: false,
      message: 'The shortcut could not be set: Failed to register',
    });
  });

  it('removes the shortcut when set to none, and on dispose', () => {
    const registry = new RecordingShortcutRegistry();
    const shortcut = createGlobalShortcut(registry, 'linux', () => {});
    shortcut.set('Alt+Space');
    expect(shortcut.set(null)).toEqual({ ok: true, accelerator: null });
    expect(registry.registered.size).toBe(0);
    shortcut.set('Alt+Space');
    shortcut.dispose();
    expect(registry.registered.size).toBe(0);
  });
});

describe('a shortcut problem reaches the popup and the tray', () => {
  const main = useMainProcess();

  it('is reported at start, and changing the setting re-registers at once', async () => {
    const registry = new RecordingShortcutRegistry();
    registry.takenByOtherApps.add('CommandOrControl+Shift+P');
    const app = main.start({ shortcut: createGlobalShortcut(registry, 'linux', () => {}) });
    app.services.settings.update({ globalHotkey: 'CommandOrControl+Shift+P' });
    const problem = 'Ctrl+Shift+P is used by another app — choose another.';
    expect(await app.call('desktop:status')).toEqual({
      ok: true,
      value: { shortcutProblem: problem, trayHelp: null },
    });
    expect(app.events.filter(({ event }) => event === 'desktop:changed').at(-1)?.payload).toEqual({
      shortcutProblem: problem,
      trayHelp: null,
    });

    app.services.settings.update({ globalHotkey: 'Alt+Shift+K' });
    expect(registry.isRegistered('Alt+Shift+K')).toBe(true);
    expect(app.services.desktop.current().shortcutProblem).toBeNull();
    expect(app.events.filter(({ event }) => event === 'desktop:changed').at(-1)?.payload).toEqual({
      shortcutProblem: null,
      trayHelp: null,
    });
  });

  it('registers the stored shortcut at start, before the keychain answers, and lets go on quit', async () => {
    const registry = new RecordingShortcutRegistry();
    const app = main.start({ shortcut: createGlobalShortcut(registry, 'linux', () => {}) });
    const starting = app.services.start();
    // The default shortcut.
    expect([...registry.registered.keys()]).toEqual(['CommandOrControl+Shift+Space']);
    await starting;
    await app.services.shutdown();
    expect(registry.registered.size).toBe(0);
  });
});
