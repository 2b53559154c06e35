import { checksCases } from './checks-cases';
import { credentialsCases } from './credentials-cases';
import { exportCases } from './export-cases';
import { localPortsCases } from './local-ports-cases';
import { proxyCases } from './proxy-cases';
import { sessionCases } from './session-cases';
import { settingsCases } from './settings-cases';
import { statusCases } from './status-cases';
import { windowCases } from './window-cases';
import type { AppServices, UseCases } from './use-case-types';

/** Every use case, by area; no Electron here, so the app, the preview and the tests run these. */
export function createUseCases(services: AppServices): UseCases {
  return {
    ...sessionCases(services),
    ...proxyCases(services),
    ...credentialsCases(services),
    ...localPortsCases(services),
    ...checksCases(services),
    ...exportCases(services),
    ...settingsCases(services),
    ...statusCases(services),
    ...windowCases(services),
  };
}
