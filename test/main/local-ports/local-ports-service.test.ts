import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { KeptInMemory, serviceWith } from './local-ports-fixture';

describe('LocalPortsService when the kept-ports file cannot be written', () => {
  it('keeps the port open and says it will not reopen, rather than failing a port that works', async () => {
    const kept = new KeptInMemory();
    const notices: (string | undefined)[] = [];
    const service = serviceWith(kept, notices);
    kept.refuse = true;
    const opened = await service.open({ proxyId: 1, keep: true });
    expect(opened.keep).toBe(false);
    expect(service.list()).toHaveLength(1);
    expect(notices.at(-1)).toBe(
      `The local port ${opened.port} is open, but will not reopen at the next start: The local ports could not be saved: disk full.`,
    );
  });

  it('stops a kept port even when forgetting it fails, and says it may come back', async () => {
    const kept = new KeptInMemory();
    const notices: (string | undefined)[] = [];
    const service = serviceWith(kept, notices);
    await service.open({ proxyId: 1, keep: true });
    kept.refuse = true;
    await service.close(1);
    expect(service.list()).toEqual([]);
    expect(notices.at(-1)).toMatch(/^A local port may reopen at the next start after all: /);
  });

  it('reopens what it can of the kept ports, and names the one it could not', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const taken = (squatter.address() as AddressInfo).port;
    try {
      const kept = new KeptInMemory();
      kept.ports.set(1, { proxyId: 1, port: taken, protocol: 'http', localPassword: null });
      kept.ports.set(99, { proxyId: 99, port: taken, protocol: 'http', localPassword: null });
      const notices: (string | undefined)[] = [];
      const service = serviceWith(kept, notices);
      await service.keepListed('acct', () => true);
      expect(service.list().map((port) => port.proxyId)).toEqual([1]);
      expect(notices.join(' ')).toMatch(
        new RegExp(
          `The kept local port of 127\\.0\\.0\\.1:9 moved from ${taken} to \\d+: ${taken} was taken\\. A kept local port \\(${taken}\\) could not be reopened: This proxy is no longer in your plans\\.`,
        ),
      );
      // Once per account: a later listing reopens nothing again.
      await service.close(1);
      await service.keepListed('acct', () => true);
      expect(service.list()).toEqual([]);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('no password of the upstream in any view or notice', async () => {
    const kept = new KeptInMemory();
    const notices: (string | undefined)[] = [];
    const service = serviceWith(kept, notices);
    await service.open({ proxyId: 3, requirePassword: true, keep: true });
    await service.configure({ proxyId: 3, keepBrowserProfile: true, protocol: 'socks5' });
    expect(service.keepsBrowserProfile(3)).toBe(true);
    expect(service.keepsBrowserProfile(4)).toBe(false);
    expect(JSON.stringify([service.list(), notices, [...kept.ports.values()]])).not.toContain(
      'secret-3',
    );
    expect(service.localPassword(3)).toMatch(/^[\w-]{16,}$/);
    expect(() => service.localPassword(4)).toThrow('That local port is no longer open.');
    await service.configure({ proxyId: 3, requirePassword: false });
    expect(() => service.localPassword(3)).toThrow('That local port needs no password.');
  });
});

describe('LocalPortsService naming its ports', () => {
  it('names a port by host:port, or by username @ host:port where its plan shares the address', async () => {
    const plain = serviceWith(new KeptInMemory());
    expect((await plain.open({ proxyId: 1, keep: false })).title).toBe('127.0.0.1:9');
    const gateway = serviceWith(new KeptInMemory(), [], { gateway: true });
    expect((await gateway.open({ proxyId: 2, keep: false })).title).toBe('user2 @ 127.0.0.1:9');
    expect(gateway.list().map((port) => port.title)).toEqual(['user2 @ 127.0.0.1:9']);
  });
});
