import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchCommand } from '../../../src/main/ipc/command-dispatch';
import type {
  CommandChannel,
  CommandInput,
  CommandOutput,
} from '../../../src/shared/command-line/command-contract';
import type { IpcResult } from '../../../src/shared/ipc/ipc-error';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { startSignedIn, useMainProcess, valueOf } from './main-services-fixture';
import { DESKTOP_ONLY_CHANNELS } from '../../support/desktop-channels';

const server = useApiServer();
const main = useMainProcess();

/** The main process signed in, and a caller of the command contract, as the socket's owner dispatches. */
async function scripted() {
  const app = await startSignedIn(main, server());
  const command = <Channel extends CommandChannel>(
    channel: Channel,
    input?: CommandInput<Channel>,
  ) =>
    dispatchCommand(app.services.commands, channel, input) as Promise<
      IpcResult<CommandOutput<Channel>>
    >;
  const proxies = (app.snapshot.plans ?? []).flatMap((plan) =>
    plan.proxies.map((proxy) => {
      const secret = server().store.locateProxy(proxy.id)?.proxy;
      if (!secret) throw new Error(`proxy ${proxy.id} is not on the service`);
      return { plan, proxy, secret };
    }),
  );
  const [first] = proxies;
  if (!first) throw new Error('the account has no proxy');
  return { ...app, command, proxies, first };
}

describe("the command line's channels", () => {
  it('give credentials as lines, in the order asked, by the popup copy rules', async () => {
    const { command, proxies, services } = await scripted();
    const [first, second] = proxies;
    if (!first || !second) throw new Error('two proxies needed');
    const ids = [second.proxy.id, first.proxy.id];
    const plain = valueOf(
      await command('cli:credentials', { proxyIds: ids, format: 'ip-port-user-pass' }),
    );
    expect(plain.lines).toEqual(
      [second, first].map(
        ({ secret }) => `${secret.ip}:${secret.port}:${secret.username}:${secret.password}`,
      ),
    );
    const templated = valueOf(
      await command('cli:credentials', { proxyIds: ids, template: '{username}|{ipv4}' }),
    );
    expect(templated.lines).toEqual(
      [second, first].map(({ secret }) => `${secret.username}|${secret.assigned_proxy_ipv4 ?? ''}`),
    );
    const passwords = valueOf(
      await command('cli:credentials', { proxyIds: ids, field: 'password' }),
    );
    expect(passwords.lines).toEqual([second.secret.password, first.secret.password]);
    // No format named: the user's default copy format, as a popup copy.
    services.settings.update({ copyFormat: 'socks5-url' });
    const byDefault = valueOf(await command('cli:credentials', { proxyIds: [first.proxy.id] }));
    expect(byDefault.lines[0]).toMatch(/^socks5:\/\//);
    const ipv4 = valueOf(
      await command('cli:credentials', {
        proxyIds: [first.proxy.id],
        field: 'host',
        hostChoice: 'ipv4',
      }),
    );
    expect(ipv4.lines).toEqual([first.secret.assigned_proxy_ipv4]);
  });

  it('refuse proxies the listing does not hold, printing nothing', async () => {
    const { command, first } = await scripted();
    const result = await command('cli:credentials', { proxyIds: [first.proxy.id, 999_999] });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'not_found',
        message:
          '1 of the proxies asked for is not in your plans; nothing was printed. Refresh and try again.',
      },
    });
  });

  it('hand back the export file the popup would have saved, byte for byte', async () => {
    const { command, call, proxies } = await scripted();
    const proxyIds = proxies.slice(0, 3).map(({ proxy }) => proxy.id);
    for (const kind of ['lines', 'csv', 'csv-spreadsheet', 'json'] as const) {
      const saved = valueOf(await call('export:save', { proxyIds, kind }));
      if (!saved.saved) throw new Error('not saved');
      const exported = valueOf(await command('cli:export', { proxyIds, kind }));
      expect(exported.fileName).toBe(saved.fileName);
      expect(exported.count).toBe(3);
      expect(exported.content).toBe(await readFile(join(main.dir(), saved.fileName), 'utf8'));
    }
  });

  it("give an open port's address with its local password, and refuse a closed one", async () => {
    const { command, first } = await scripted();
    const proxyId = first.proxy.id;
    const opened = valueOf(await command('local-ports:open', { proxyId, requirePassword: true }));
    const { url } = valueOf(await command('cli:local-port-url', { proxyId, scheme: 'socks5' }));
    expect(url).toMatch(new RegExp(`^socks5://[^:]+:[^@]+@127\\.0\\.0\\.1:${opened.port}$`));
    valueOf(await command('local-ports:close', { proxyId }));
    expect(await command('cli:local-port-url', { proxyId, scheme: 'http' })).toEqual({
      ok: false,
      error: { kind: 'not_found', message: 'That local port is no longer open.' },
    });
  });

  it("serve the popup's channels but the desktop's own", async () => {
    const { command, counters } = await scripted();
    expect(valueOf(await command('plans:list')).plans?.length).toBeGreaterThan(0);
    for (const channel of DESKTOP_ONLY_CHANNELS) {
      expect(await dispatchCommand({} as never, channel, undefined)).toEqual({
        ok: false,
        error: { kind: 'invalid_request', message: `Unknown request "${channel}".` },
      });
    }
    expect(counters).toEqual({ hidden: 0, quit: 0 });
  });

  it('check every input strictly: an unknown field is refused by name', async () => {
    const { command, first } = await scripted();
    const result = await command('cli:credentials', {
      proxyIds: [first.proxy.id],
      format: 'curl',
      extra: true,
    } as never);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('invalid_request');
  });
});
