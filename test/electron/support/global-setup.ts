import { requireSmokeApp } from './smoke-app';

/**
 * Fails the whole run at once, saying what is missing and what to run, when the Electron binary
 * or the smoke build is not there (always the case on machines that cannot download Electron).
 */
export default function globalSetup(): void {
  requireSmokeApp();
}
