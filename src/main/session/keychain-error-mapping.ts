import { redactSecrets } from '../api/redact';
import { VaultError, type VaultErrorKind } from './token-vault';

interface KnownFailure {
  kind: VaultErrorKind;
  pattern: RegExp;
  message: string;
}

const NO_KEYCHAIN =
  'No system keychain: install and unlock gnome-keyring or KWallet, then try again.';
const LOCKED = 'The keychain is locked: unlock it and try again.';
const DENIED =
  'Access to the keychain was denied: allow Proxy Tray to use the keychain when asked, and try again.';

/**
 * What keytar passes on from libsecret (Linux), the Security framework (macOS) and the
 * Credential Manager (Windows). Order matters: the first match wins.
 */
const KNOWN_FAILURES: readonly KnownFailure[] = [
  // libsecret: gnome-keyring with its login keyring locked and no prompt answered.
  { kind: 'locked', pattern: /locked collection|collection is locked/i, message: LOCKED },
  // macOS: the keychain is locked and no window may ask for its password.
  { kind: 'locked', pattern: /user interaction is not allowed/i, message: LOCKED },
  {
    kind: 'unavailable',
    pattern:
      // No session bus at all, a bus address that leads nowhere, or a bus without a Secret Service.
      /autolaunch d-bus|\$DISPLAY|could not connect|failed to connect|connection refused|org\.freedesktop\.secrets|not provided by any \.service files|ServiceUnknown|dbus-launch/i,
    message: NO_KEYCHAIN,
  },
  {
    kind: 'unavailable',
    // gnome-keyring runs but has no default keyring, and could not ask to create one.
    pattern: /object does not exist at path .*\/collection\//i,
    message:
      'Your keychain has no default keyring: create one in your keychain app (such as Passwords and Keys), unlock it, and try again.',
  },
  {
    kind: 'unavailable',
    pattern: /no keychain is available|keychain could not be found/i,
    message:
      'No keychain is available: open Keychain Access, make sure a login keychain exists, then try again.',
  },
  {
    kind: 'denied',
    pattern:
      /access ?denied|access is denied|not authori[sz]ed|not permitted|user cancel+ed|operation was cancel+ed|prompt dismissed|passphrase you entered is not correct/i,
    message: DENIED,
  },
];

/**
 * Turns whatever keytar threw into a VaultError with a sentence the user can act on. `secrets`
 * are removed from the keychain's own words, which are kept as `detail`.
 */
// Stryker disable next-line ArrayDeclaration: a default secret no keychain message holds masks nothing
export function toVaultError(error: unknown, secrets: readonly string[] = []): VaultError {
  if (error instanceof VaultError) return error;
  const raw = error instanceof Error ? error.message : String(error);
  const detail = redactSecrets(raw, secrets).slice(0, 300);
  const known = KNOWN_FAILURES.find((failure) => failure.pattern.test(raw));
  if (known) return new VaultError(known.kind, known.message, detail);
  return new VaultError(
    'unavailable',
    `The system keychain failed (${detail || 'no reason given'}): make sure it is running and unlocked, then try again.`,
    detail,
  );
}
