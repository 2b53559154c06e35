import { describe, expect, it } from 'vitest';
import { toVaultError } from '../../../src/main/session/keychain-error-mapping';
import { VaultError } from '../../../src/main/session/token-vault';

const NO_KEYCHAIN =
  'No system keychain: install and unlock gnome-keyring or KWallet, then try again.';
const LOCKED = 'The keychain is locked: unlock it and try again.';
const DENIED =
  'Access to the keychain was denied: allow Proxy Tray to use the keychain when asked, and try again.';

describe('toVaultError', () => {
  // Messages as keytar passes them on from libsecret, the Security framework and Windows.
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'unavailable', NO_KEYCHAIN],
    ['Could not connect: No such file or directory', 'unavailable', NO_KEYCHAIN],
    [
      'The name org.freedesktop.secrets was not provided by any .service files',
      'unavailable',
      NO_KEYCHAIN,
    ],
    [
      'GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name is not activatable',
      'unavailable',
      NO_KEYCHAIN,
    ],
    ['Cannot create an item in a locked collection', 'locked', LOCKED],
    ['User interaction is not allowed.', 'locked', LOCKED],
    ['User canceled the operation.', 'denied', DENIED],
    ['The user name or passphrase you entered is not correct.', 'denied', DENIED],
    ['Access is denied.', 'denied', DENIED],
    ['GDBus.Error:org.freedesktop.DBus.Error.AccessDenied: Rejected', 'denied', DENIED],
    // Further words of the same failures, as other versions and desktops put them.
    ['The collection is locked.', 'locked', LOCKED],
    [
      'Failed to connect to socket /run/user/0/bus: No such file or directory',
      'unavailable',
      NO_KEYCHAIN,
    ],
    ['Connection refused', 'unavailable', NO_KEYCHAIN],
    ['Failed to execute program dbus-launch', 'unavailable', NO_KEYCHAIN],
    ['Not authorized to access the item', 'denied', DENIED],
    ['The application is not authorised', 'denied', DENIED],
    ['Operation not permitted', 'denied', DENIED],
    ['The operation was cancelled.', 'denied', DENIED],
    ['User cancelled the request.', 'denied', DENIED],
    ['Prompt dismissed by the user', 'denied', DENIED],
  ] as const)('"%s" → %s', (raw, kind, message) => {
    const error = toVaultError(new Error(raw));
    expect(error).toBeInstanceOf(VaultError);
    expect(error).toMatchObject({ kind, message, detail: raw });
  });

  it('a keyring daemon without a default keyring asks for one to be created', () => {
    const error = toVaultError(
      new Error('Object does not exist at path “/org/freedesktop/secrets/collection/login”'),
    );
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/^Your keychain has no default keyring: create one/);
  });

  it('a Mac without a keychain to use is told to open Keychain Access', () => {
    for (const raw of ['No keychain is available.', 'The specified keychain could not be found.']) {
      expect(toVaultError(new Error(raw))).toMatchObject({
        kind: 'unavailable',
        message:
          'No keychain is available: open Keychain Access, make sure a login keychain exists, then try again.',
      });
    }
  });

  it('an unknown failure without words says that no reason was given, and long words are cut', () => {
    expect(toVaultError(new Error('')).message).toBe(
      'The system keychain failed (no reason given): make sure it is running and unlocked, then try again.',
    );
    const long = toVaultError(new Error(`The stub ${'x'.repeat(400)}`));
    expect(long.detail).toBe(`The stub ${'x'.repeat(291)}`);
    expect(long.message).toContain(`(The stub ${'x'.repeat(291)})`);
  });

  it('an unknown failure keeps the keychain’s own words in the sentence', () => {
    const error = toVaultError(new Error('The stub received bad data.'));
    expect(error).toMatchObject({
      kind: 'unavailable',
      message:
        'The system keychain failed (The stub received bad data.): make sure it is running and unlocked, then try again.',
    });
  });

  it('leaves a VaultError as it is', () => {
    const original = new VaultError('timeout', 'The keychain did not answer within 1 s.');
    expect(toVaultError(original)).toBe(original);
  });

  it('removes the given secrets and anything shaped like a JWT from the keychain’s words', () => {
    const secret = 'plain-secret-value';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    const error = toVaultError(new Error(`rejected ${secret} and ${jwt}`), [secret]);
    const everything = `${error.message} ${error.detail} ${JSON.stringify(error)}`;
    expect(everything).toContain('rejected [redacted] and [redacted]');
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(jwt);
  });

  it('copes with something thrown that is not an Error', () => {
    expect(toVaultError('Cannot create an item in a locked collection').kind).toBe('locked');
    expect(toVaultError(undefined).message).toContain('The system keychain failed (undefined)');
  });
});
