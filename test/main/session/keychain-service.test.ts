import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keychainServiceOf } from '../../../src/main/session/keychain-service';
import { APP_KEYCHAIN_SERVICE } from '../../../src/main/session/keytar-vault';

describe('the keychain service a data folder keeps its tokens under', () => {
  it("is the app's own for the app's folder", () => {
    expect(keychainServiceOf(undefined)).toBe(APP_KEYCHAIN_SERVICE);
    expect(APP_KEYCHAIN_SERVICE).toBe('Proxy Tray');
  });

  it('is one of its own for another folder, the same however the folder is written', () => {
    // As computed on its first release: another derivation would lose every token of the folder.
    expect(keychainServiceOf('/home/dana/proxy-tray-dev')).toBe('proxy-tray-data-9f0c3f96f7bf');
    expect(keychainServiceOf('/home/dana/other/../proxy-tray-dev/')).toBe(
      'proxy-tray-data-9f0c3f96f7bf',
    );
    const relative = path.relative(process.cwd(), '/home/dana/proxy-tray-dev');
    expect(keychainServiceOf(relative)).toBe('proxy-tray-data-9f0c3f96f7bf');
    expect(keychainServiceOf('/home/dana/proxy-tray-preview')).not.toBe(
      'proxy-tray-data-9f0c3f96f7bf',
    );
  });
});
