import { describe, expect, it } from 'vitest';
import { ProxyServiceError } from '../../../src/main/api/proxy-service-error';
import { UserFacingError } from '../../../src/main/errors/user-facing-error';
import type { UseCases } from '../../../src/main/app/use-case-types';
import { dispatchIpc } from '../../../src/main/ipc/ipc-dispatcher';

/** Use cases for the dispatcher's own rules; the real ones are tested in main-process.test.ts. */
function useCasesWith(overrides: Partial<UseCases>): UseCases {
  return new Proxy(overrides, {
    get: (target, channel: string) =>
      target[channel as keyof UseCases] ??
      (() => Promise.reject(new Error(`no handler for ${channel} in this test`))),
  }) as UseCases;
}

describe('dispatchIpc', () => {
  it('strips what the contract does not name from an answer (a password added by mistake)', async () => {
    const handlers = useCasesWith({
      'proxy:reveal-password': async () =>
        ({ password: 'p', token: 'secret' }) as { password: string },
    });
    expect(await dispatchIpc(handlers, 'proxy:reveal-password', { proxyId: 1 })).toEqual({
      ok: true,
      value: { password: 'p' },
    });
  });

  it('turns an answer that breaks the contract into an internal error, reported for the log', async () => {
    const reported: unknown[] = [];
    const handlers = useCasesWith({ 'popup:hide': async () => 'yes' as unknown as null });
    const result = await dispatchIpc(handlers, 'popup:hide', undefined, (error) =>
      reported.push(error),
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(reported).toHaveLength(1);
  });

  it('passes service and user-facing errors through as data', async () => {
    const handlers = useCasesWith({
      'plans:refresh': async () => {
        throw new ProxyServiceError('rate_limited', 'Slow down.', { status: 429 });
      },
      'session:sign-in': async () => {
        throw new UserFacingError('keychain', 'No system keychain.', true);
      },
    });
    expect(await dispatchIpc(handlers, 'plans:refresh', undefined)).toEqual({
      ok: false,
      error: { kind: 'rate_limited', message: 'Slow down.' },
    });
    expect(await dispatchIpc(handlers, 'session:sign-in', { serviceUrl: 'x', token: 'y' })).toEqual(
      {
        ok: false,
        error: { kind: 'keychain', message: 'No system keychain.', canKeepForSession: true },
      },
    );
  });

  it('hides the details of unexpected errors from the popup', async () => {
    const handlers = useCasesWith({
      'plans:list': async () => {
        throw new Error('TypeError at /home/user/secret/path');
      },
    });
    const result = await dispatchIpc(handlers, 'plans:list', undefined);
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('secret');
  });

  it('refuses unknown channels and invalid input without running a handler', async () => {
    let ran = 0;
    const handlers = useCasesWith({
      'proxy:set-label': async () => {
        ran += 1;
        throw new Error('should not run');
      },
    });
    expect(await dispatchIpc(handlers, 'proxy:delete-everything', {})).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
    expect(
      await dispatchIpc(handlers, 'proxy:set-label', { proxyId: '1', label: 'x' }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request', message: expect.stringContaining('proxyId') },
    });
    expect(ran).toBe(0);
  });
});
