import { describe, expect, it } from 'vitest';
import { openSettingsStore } from '../../../src/main/settings/settings-store';
import { settingsAccountRegistry } from '../../../src/main/settings/settings-account-registry';
import { sessionViewOf } from '../../../src/main/app/views';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { confIn, useTempDir } from '../store/temp-store-dir';
import { buildSession } from './session-fixture';
import { useTestKeychain } from './test-keychain';

const service = useApiServer();
const keychain = useTestKeychain();
const tempDir = useTempDir();

describe('the service URL the sign-in form starts from', () => {
  it('is the address typed as host:port, completed, and outlives the last sign-out', async () => {
    const settings = openSettingsStore({ createStore: confIn(tempDir()) });
    const { session } = buildSession({
      vault: keychain.vault(),
      registry: settingsAccountRegistry(settings),
    });
    const baseUrl = new URL(service().baseUrl);
    expect(sessionViewOf(session)).not.toHaveProperty('lastServiceUrl');

    const signedIn = await session.signIn({
      // As a newcomer types it: no scheme.
      serviceUrl: `${baseUrl.host}${baseUrl.pathname}`,
      token: service().tokenFor('demo'),
    });
    expect(signedIn).toMatchObject({
      ok: true,
      status: { state: 'active', account: { serviceUrl: baseUrl.href } },
    });

    await session.signOut();

    expect(sessionViewOf(session)).toEqual({
      state: 'signed-out',
      accounts: [],
      lastServiceUrl: baseUrl.href,
    });
    expect(settings.get().lastServiceUrl).toBe(baseUrl.href);
  });
});
