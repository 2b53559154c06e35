import { addonBuildMismatch } from '../../src/main/session/addon-build-check';

/**
 * Vitest's global setup: the keychain tests import keytar directly, and keytar built for another
 * Node crashes the run as it loads (a segmentation fault, no message). `npx vitest` on another
 * Node than node_modules was installed for stops here instead, saying what to run.
 */
export default function refuseAddonsBuiltForAnotherNode(): void {
  const mismatch = addonBuildMismatch('keytar');
  if (mismatch) throw new Error(`${mismatch}.`);
}
