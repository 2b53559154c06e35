import type { AccountRegistry } from '../session/account-registry';
import type { SettingsStore } from './settings-store';

/** The session's accounts, remembered in the settings file (without tokens: its schema refuses them). */
export function settingsAccountRegistry(settings: SettingsStore): AccountRegistry {
  return {
    list: () => settings.get().accounts.map((account) => ({ ...account })),
    activeId: () => settings.get().activeAccountId,
    save: (accounts, activeId) => {
      settings.setAccounts(accounts, activeId);
    },
    lastServiceUrl: () => settings.get().lastServiceUrl,
  };
}
