import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { usableProxies, useSignedInCli } from '../support/signed-in-cli';

// Its own service: revoking the account's tokens must not reach the other files' tests.
const service = useApiServer();
const cli = useSignedInCli(service, 'other');

describe('proxy-tray on its own with a token the service has revoked', () => {
  it('prints the listing kept on this computer with a stale note on stderr, and exits 4', async () => {
    const fresh = await cli().run(['proxies']);
    expect(fresh.code).toBe(EXIT.done);
    const uuid = service().store.account('other')?.user.uuid ?? '';
    expect(service().tokens.revokeAllFor(uuid)).toBeGreaterThan(0);

    const stale = await cli().run(['proxies']);

    expect(stale.code).toBe(EXIT.signIn);
    expect(stale.stdout).toBe(fresh.stdout);
    expect(stale.stderr).not.toBe('');
    expect(stale.stderr).toContain('proxy-tray login');
  });

  it('a change with a revoked token: exit 4', async () => {
    const [entry] = usableProxies(service(), 'other');
    if (!entry) throw new Error('The other account needs a usable proxy');
    const run = await cli().run(['rotation', 'on', String(entry.proxy.id)]);
    expect(run.code).toBe(EXIT.signIn);
  });
});
