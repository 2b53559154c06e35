import type { StoreRecovery } from '../store/store-recovery';
import type { AppServices, UseCases, UseCasesOf } from './use-case-types';
import { settingsViewOf } from './views';

/** The settings, and what the stores had to repair when they were opened. */
export function settingsCases(
  services: AppServices,
): UseCasesOf<'settings'> & Pick<UseCases, 'app:notices'> {
  const { settings } = services;
  let noticesDelivered = false;
  return {
    'settings:get': async () => settingsViewOf(settings.get()),
    'settings:update': async (patch) => {
      settings.update(patch);
      return settingsViewOf(settings.get());
    },
    // Told once per run: a popup that loads again (a crash, a reload) does not repeat them.
    'app:notices': async () => {
      if (noticesDelivered) return [];
      noticesDelivered = true;
      return [
        recoveryNotice('settings', settings.recovery()),
        recoveryNotice('labels', services.labels.recovery()),
        recoveryNotice('host choices', services.hostChoices.recovery()),
        recoveryNotice('pinned and recent proxies', services.favorites.recovery()),
        recoveryNotice('local ports', services.keptPorts.recovery()),
        recoveryNotice('pool ports', services.keptPools.recovery()),
      ].filter((notice): notice is string => notice !== undefined);
    },
  };
}

function recoveryNotice(what: string, recovery: StoreRecovery | undefined): string | undefined {
  if (!recovery) return undefined;
  return `Your ${what} file could not be read as it was, so what could be kept was kept and the rest reset (${recovery.problems.join(' ')}). The original is saved as ${recovery.backupPath}.`;
}
