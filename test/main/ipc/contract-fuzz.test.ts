import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { UseCases } from '../../../src/main/app/use-case-types';
import { dispatchIpc } from '../../../src/main/ipc/ipc-dispatcher';
import { IPC_CHANNELS, type IpcChannel } from '../../../src/shared/ipc/channel-names';
import { ipcContract } from '../../../src/shared/ipc/contract';
import { ipcResultSchema } from '../../../src/shared/ipc/ipc-error';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { mutationsOf, type Mutation } from './contract-arbitraries';
import { startSignedIn, useMainProcess, valueOf } from './main-services-fixture';

const server = useApiServer();
const main = useMainProcess();

/** Refused inputs per channel: the bar. */
const REFUSED_PER_CHANNEL = 10_000;
const anyResult = ipcResultSchema(z.unknown());

/**
 * A fuzz of our own IPC boundary, from the contract's own schemas plus mutations (junk keys, deep
 * nesting, wrong types, missing fields, non-objects): every input the contract refuses must be
 * answered as an `invalid_request` result — never a throw — with the handler never run and
 * nothing changed. Refused inputs go to `dispatchIpc` directly, in bulk; valid random inputs are
 * not looped (sign-out or quit would change the state), a few chosen ones are sent below.
 */
describe('the IPC contract under fuzz', () => {
  it(`refuses ${REFUSED_PER_CHANNEL} mutated inputs per channel, with no handler run and no state changed`, async () => {
    const app = await startSignedIn(main, server());
    const { services } = app;
    const accountId = app.snapshot.accountId ?? '';
    const [proxyId] = (app.snapshot.plans ?? []).flatMap((plan) => plan.proxies.map((p) => p.id));
    if (proxyId === undefined) throw new Error('no proxy listed');
    // Some state of every kind, so that a change to any would show.
    // Kept on this computer even where the service refuses it (a blocked plan).
    await app.call('proxy:set-label', { proxyId, label: 'kept' });
    valueOf(await app.call('proxy:set-pinned', { proxyId, pinned: true }));
    valueOf(await app.call('settings:update', { theme: 'dark' }));
    valueOf(await app.call('credentials:set-host-choice', { proxyId, hostChoice: 'ipv6' }));
    valueOf(await app.call('credentials:copy', { proxyId }));

    const ran: string[] = [];
    const handlers = new Proxy(services.useCases, {
      get: (target, channel: string) => {
        ran.push(channel);
        return target[channel as IpcChannel];
      },
    }) as UseCases;
    const state = () =>
      JSON.stringify([
        services.settings.get(),
        services.session.status(),
        [...services.labels.forAccount(accountId)],
        [...services.hostChoices.ofAccount(accountId)],
        services.favorites.forAccount(accountId),
        services.checks.view(),
        services.localPorts.list(),
        app.clipboard.text,
        app.counters,
        app.events.length,
        app.saveDialog.offered.length,
      ]);
    const before = state();
    const crashes: unknown[] = [];

    for (const channel of IPC_CHANNELS) {
      const schema = ipcContract[channel].input;
      let refused = 0;
      for (let seed = 1; refused < REFUSED_PER_CHANNEL; seed += 1) {
        const batch = fc.sample(mutationsOf(schema), { numRuns: 2_000, seed });
        for (const mutation of batch) {
          // Whether it is refused is the schema's own word; accepted ones are not sent here.
          if (refused >= REFUSED_PER_CHANNEL || schema.safeParse(mutation.input).success) continue;
          refused += 1;
          let result: unknown;
          try {
            result = await dispatchIpc(handlers, channel, mutation.input, (e) => crashes.push(e));
          } catch (error) {
            crashes.push(error);
            continue;
          }
          expectRefusal(channel, mutation, result);
          if (state() !== before) throw new Error(`${channel} changed state on ${mutation.kind}`);
        }
        if (seed > 20) throw new Error(`too few refused inputs for ${channel}: ${refused}`);
      }
    }

    expect(crashes).toEqual([]);
    expect(ran).toEqual([]);
    expect(state()).toBe(before);
  }, 120_000);

  it('answers a chosen valid input on every channel with a result, never an internal error', async () => {
    const app = await startSignedIn(main, server());
    const [proxyId = 0] = (app.snapshot.plans ?? []).flatMap((plan) =>
      plan.proxies.map((p) => p.id),
    );
    const unlisted = 987_654_321;
    const valid: { [Channel in IpcChannel]: unknown[] } = {
      'session:status': [undefined],
      'account:get': [undefined],
      'plans:list': [undefined],
      'plans:refresh': [undefined],
      'proxy:set-rotation': [{ proxyId, isRotating: false }],
      'proxy:set-interval': [{ proxyId, seconds: 600 }],
      'proxy:set-label': [{ proxyId, label: 'fuzzed' }],
      'proxy:reveal-password': [{ proxyId }],
      'proxy:set-pinned': [{ proxyId, pinned: true }],
      'favorites:list': [undefined],
      'credentials:copy': [{ proxyId }, { proxyId, field: 'password' }],
      'credentials:set-host-choice': [{ proxyId, hostChoice: 'entry' }],
      'credentials:plan-host-choices': [undefined],
      'credentials:forget-host-choice': [{ planId: 1 }, { planId: 987_654_321 }],
      'checks:list': [undefined],
      'checks:start': [{ proxyIds: [unlisted] }],
      'checks:cancel': [undefined],
      'export:save': [{ proxyIds: [proxyId], kind: 'json' }],
      'local-ports:list': [undefined],
      'local-ports:open': [{ proxyId }],
      'local-ports:configure': [{ proxyId, keep: false }],
      'local-ports:copy': [{ proxyId, scheme: 'http' }],
      // Unlisted: a listed one would start a real browser.
      'local-ports:open-browser': [{ proxyId: unlisted }],
      'local-ports:close': [{ proxyId }],
      'pool-ports:list': [undefined],
      'pool-ports:open': [{ source: { kind: 'pinned' } }],
      'pool-ports:configure': [{ poolId: 'not-open', strategy: 'random' }],
      'pool-ports:copy': [{ poolId: 'not-open', scheme: 'http' }],
      'pool-ports:close': [{ poolId: 'not-open' }],
      'alerts:list': [undefined],
      'updates:status': [undefined],
      'updates:check': [undefined],
      'updates:restart': [undefined],
      'settings:get': [undefined],
      'settings:update': [{ theme: 'light', clipboardClearSeconds: 10 }],
      'app:notices': [undefined],
      'desktop:status': [undefined],
      'logs:open-folder': [undefined],
      // No command to link in these services (as on Linux and Windows): a refusal, not a crash.
      'terminal-command:status': [undefined],
      'terminal-command:install': [undefined],
      'terminal-command:remove': [undefined],
      'popup:hide': [undefined],
      'app:quit': [undefined],
      'session:switch-account': [{ accountId: app.snapshot.accountId }],
      'session:sign-in': [{ serviceUrl: 'not a url', token: 'x' }],
      'session:sign-out': [{}],
    };
    for (const channel of Object.keys(valid) as IpcChannel[]) {
      for (const input of valid[channel]) {
        expect(ipcContract[channel].input.safeParse(input).success, channel).toBe(true);
        const result = await app.call(channel, input as never);
        expect(anyResult.safeParse(result).success, channel).toBe(true);
        if (!result.ok)
          expect(result.error.kind, `${channel}: ${result.error.message}`).not.toBe('internal');
      }
    }
    expect(app.internalErrors).toEqual([]);
    expect(app.services.session.status().state).toBe('signed-out');
  });
});

function expectRefusal(channel: IpcChannel, mutation: Mutation, result: unknown): void {
  const refusal = result as { ok?: boolean; error?: { kind?: string; message?: string } };
  const message = refusal.error?.message ?? '';
  if (refusal.ok !== false || refusal.error?.kind !== 'invalid_request' || message.length > 400) {
    throw new Error(`${channel} on ${mutation.kind}: ${JSON.stringify(result)?.slice(0, 300)}`);
  }
}
