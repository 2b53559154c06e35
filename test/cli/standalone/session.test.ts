import keytar from 'keytar';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes';
import { deadPort } from '../../../tools/local-network/proxy-servers';
import { createApiServer } from '../../../tools/reference-service/server';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { makeCliPlace, runCli, type CliPlace } from '../support/cli-process';
import { forgetKeychainOf, logIn, parseJson } from '../support/signed-in-cli';

const service = useApiServer();
const places: CliPlace[] = [];

afterEach(async () => {
  for (const place of places.splice(0)) {
    await forgetKeychainOf(place);
    await place.remove();
  }
});

async function newPlace(): Promise<CliPlace> {
  const place = await makeCliPlace();
  places.push(place);
  return place;
}

interface AccountRecord {
  id: string;
  serviceUrl: string;
  username: string;
  active: boolean;
}

describe('proxy-tray on its own: signing in and out', () => {
  it('never signed in: exit 4 and how to sign in', async () => {
    const place = await newPlace();
    const run = await runCli(['proxies'], { env: place.env });
    expect(run.code).toBe(EXIT.signIn);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('proxy-tray login');
  });

  it('login --token-stdin keeps the token in the keychain; accounts lists it; logout forgets it', async () => {
    const place = await newPlace();
    const login = await logIn(place, service(), 'demo');
    expect(login.code).toBe(EXIT.done);
    const stored = await keytar.findCredentials(place.keychainService);
    expect(stored.map((entry) => entry.password)).toEqual([service().tokenFor('demo')]);

    const accounts = parseJson<AccountRecord[]>(
      await runCli(['accounts', '--json'], { env: place.env }),
    );
    expect(accounts).toEqual([
      {
        id: stored[0]?.account,
        serviceUrl: service().baseUrl,
        username: 'demo',
        displayName: expect.stringContaining(service().store.account('demo')?.user.name ?? '?'),
        active: true,
      },
    ]);
    // A second process reads the token back from the keychain.
    expect((await runCli(['plans'], { env: place.env })).code).toBe(EXIT.done);

    const logout = await runCli(['logout'], { env: place.env });
    expect(logout.code).toBe(EXIT.done);
    expect(await keytar.findCredentials(place.keychainService)).toEqual([]);
    expect(parseJson(await runCli(['accounts', '--json'], { env: place.env }))).toEqual([]);
    expect((await runCli(['plans'], { env: place.env })).code).toBe(EXIT.signIn);
  });

  it('login with PROXY_TRAY_TOKEN instead of stdin', async () => {
    const place = await newPlace();
    const login = await runCli(['login', '--service-url', service().baseUrl], {
      env: { ...place.env, PROXY_TRAY_TOKEN: service().tokenFor('demo') },
    });
    expect(login.code).toBe(EXIT.done);
    expect((await runCli(['plans'], { env: place.env })).code).toBe(EXIT.done);
  });

  it('PROXY_TRAY_TOKEN for one command: it works and is never written to the keychain', async () => {
    const place = await newPlace();
    const env = {
      ...place.env,
      PROXY_TRAY_TOKEN: service().tokenFor('demo'),
      PROXY_TRAY_SERVICE_URL: service().baseUrl,
    };
    const run = await runCli(['plans', '--json'], { env });
    expect(run.code).toBe(EXIT.done);
    expect(parseJson<{ id: number }[]>(run).map((plan) => plan.id)).toEqual(
      service()
        .store.account('demo')
        ?.plans.map((plan) => plan.id),
    );
    expect(await keytar.findCredentials(place.keychainService)).toEqual([]);
    expect((await runCli(['plans'], { env: place.env })).code).toBe(EXIT.signIn);
  });

  it('an expired token: login refuses it with exit 4', async () => {
    const place = await newPlace();
    const expired = await service().issueToken('other', { expiresInSeconds: 0 });
    const login = await runCli(['login', '--service-url', service().baseUrl, '--token-stdin'], {
      env: place.env,
      input: `${expired}\n`,
    });
    expect(login.code).toBe(EXIT.signIn);
    expect(await keytar.findCredentials(place.keychainService)).toEqual([]);
  });

  it('a service on a closed port: exit 1', async () => {
    const place = await newPlace();
    const login = await runCli(
      ['login', '--service-url', `http://127.0.0.1:${await deadPort()}/`, '--token-stdin'],
      { env: place.env, input: `${service().tokenFor('demo')}\n` },
    );
    expect(login.code).toBe(EXIT.failed);
    expect(login.stderr).not.toBe('');
  });

  it('a service that stops after sign-in: a change fails with exit 1', async () => {
    const place = await newPlace();
    const ownService = await createApiServer();
    try {
      await logIn(place, ownService, 'demo');
      const [proxy] =
        ownService.store.account('demo')?.plans.find((plan) => !plan.is_blocked)?.proxies ?? [];
      if (!proxy) throw new Error('The demo account needs a proxy');
      await ownService.close();
      const run = await runCli(['rotation', 'on', String(proxy.id)], { env: place.env });
      expect(run.code).toBe(EXIT.failed);
      expect(run.stderr).not.toBe('');
    } finally {
      await ownService.close();
    }
  });
});
