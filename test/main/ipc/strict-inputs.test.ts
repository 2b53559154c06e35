import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '../../../src/shared/ipc/channel-names';
import { ipcContract } from '../../../src/shared/ipc/contract';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { nested } from './contract-arbitraries';
import { startSignedIn, useMainProcess, valueOf } from './main-services-fixture';

const server = useApiServer();
const main = useMainProcess();

describe('our own IPC boundary is strict', () => {
  it('refuses an unknown field on every channel, naming it', () => {
    for (const channel of IPC_CHANNELS) {
      const parsed = ipcContract[channel].input.safeParse({ proxyId: 1, colour: 'red' });
      expect(parsed.success, channel).toBe(false);
    }
  });

  it('does not sign out on junk: {"a": …5000 levels} to session:sign-out is refused by name', async () => {
    const app = await startSignedIn(main, server());
    const result = await app.call('session:sign-out', nested(5000) as never);
    expect(result).toEqual({
      ok: false,
      error: { kind: 'invalid_request', message: 'Invalid request: input: unknown field "a".' },
    });
    expect(app.services.session.status().state).toBe('active');
  });

  it('names unknown fields on a union channel and in a settings change, cut short and counted', async () => {
    const app = await startSignedIn(main, server());
    const copy = await app.call('credentials:copy', { proxyId: 1, junk: true } as never);
    expect(copy).toMatchObject({ error: { message: expect.stringContaining('"junk"') } });
    const settings = await app.call('settings:update', { theme: 'dark', colour: 'red' } as never);
    expect(settings).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_request',
        message: 'Invalid request: input: unknown field "colour".',
      },
    });
    expect(valueOf(await app.call('settings:get')).theme).toBe('system');
    const many = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'x'.repeat(9000)].map((k) => [k, 1]),
    );
    const { error } = (await app.call('settings:update', many as never)) as {
      error: { message: string };
    };
    expect(error.message).toBe(
      'Invalid request: input: unknown fields "a", "b", "c", "d", "e" and 3 more.',
    );
  });

  it('refuses checks and exports of proxies not in the listing, saying how many, and does nothing', async () => {
    const app = await startSignedIn(main, server());
    const [listed = 0] = (app.snapshot.plans ?? []).flatMap((plan) =>
      plan.proxies.map((p) => p.id),
    );
    const checks = await app.call('checks:start', { proxyIds: [listed, 987_654_321, 987_654_322] });
    expect(checks).toEqual({
      ok: false,
      error: {
        kind: 'not_found',
        message:
          '2 of the proxies asked for are not in your plans; no check was started. Refresh and try again.',
      },
    });
    expect(valueOf(await app.call('checks:list')).entries).toEqual([]);
    const exported = await app.call('export:save', {
      proxyIds: [listed, 987_654_321],
      kind: 'csv',
    });
    expect(exported).toMatchObject({
      ok: false,
      error: {
        kind: 'not_found',
        message: expect.stringMatching(/^1 of the proxies asked for is not/),
      },
    });
    expect(app.saveDialog.offered).toEqual([]);
  });
});
