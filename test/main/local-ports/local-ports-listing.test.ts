import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { acceptsConnections } from '../../../tools/local-network/listening';
import { KeptInMemory, serviceWith } from './local-ports-fixture';

describe('LocalPortsService after a listing', () => {
  it('stops the ports of proxies no longer listed, names them, and forgets them if kept', async () => {
    const kept = new KeptInMemory();
    const notices: (string | undefined)[] = [];
    const service = serviceWith(kept, notices, { reopenKept: false });
    const one = await service.open({ proxyId: 1, keep: true });
    const two = await service.open({ proxyId: 2, keep: true });
    const three = await service.open({ proxyId: 3, keep: false });
    await service.keepListed('acct', (id) => id === 1);
    expect(service.list().map((port) => port.proxyId)).toEqual([1]);
    expect(notices.at(-1)).toBe(
      `Stopped the local ports of 127.0.0.1:9 (127.0.0.1:${two.port}), 127.0.0.1:9 (127.0.0.1:${three.port}): no longer in your plans.`,
    );
    expect([...kept.ports.keys()]).toEqual([1]);
    expect(await acceptsConnections(two.port)).toBe(false);
    expect(await acceptsConnections(three.port)).toBe(false);
    expect(await acceptsConnections(one.port)).toBe(true);
    await service.keepListed('acct', (id) => id !== 1);
    expect(notices.at(-1)).toBe(
      `Stopped the local port of 127.0.0.1:9 (127.0.0.1:${one.port}): no longer in your plans.`,
    );
  });

  it('stops the ports of another account without a word, and keeps them kept', async () => {
    const kept = new KeptInMemory();
    const notices: (string | undefined)[] = [];
    let account = 'other';
    const service = serviceWith(kept, notices, { account: () => account, reopenKept: false });
    const theirs = await service.open({ proxyId: 1, keep: true });
    account = 'acct';
    const ours = await service.open({ proxyId: 2, keep: false });
    const before = notices.length;
    await service.keepListed('acct', () => true);
    expect(service.list().map((port) => port.proxyId)).toEqual([2]);
    expect(notices.slice(before)).toEqual([undefined]);
    expect([...kept.ports.keys()]).toEqual([1]);
    expect(await acceptsConnections(theirs.port)).toBe(false);
    expect(await acceptsConnections(ours.port)).toBe(true);
    // Signed out: every port stops.
    await service.keepListed(undefined, () => true);
    expect(service.list()).toEqual([]);
  });

  it('says nothing when nothing changed', async () => {
    const notices: (string | undefined)[] = [];
    const service = serviceWith(new KeptInMemory(), notices);
    await service.keepListed('acct', () => true);
    await service.keepListed('acct', () => true);
    expect(notices).toEqual([]);
  });

  it("reopens an account's kept ports once, listed ones only, up to the limit, on their numbers", async () => {
    const kept = new KeptInMemory();
    const notices: (string | undefined)[] = [];
    const first = serviceWith(kept, notices);
    const numbers = new Map<number, number>();
    for (const proxyId of [1, 2, 3, 4]) {
      numbers.set(proxyId, (await first.open({ proxyId, keep: true })).port);
    }
    await first.closeAll();
    const service = serviceWith(kept, notices, { maxPorts: 2 });
    await service.keepListed(undefined, () => true);
    expect(service.list()).toEqual([]);
    const before = notices.length;
    await service.keepListed('acct', (id) => id !== 1);
    expect(service.list().map((port) => [port.proxyId, port.port])).toEqual([
      [2, numbers.get(2)],
      [3, numbers.get(3)],
    ]);
    // The ports changed: the list is told once, with nothing to say.
    expect(notices.slice(before)).toEqual([undefined]);
    await service.close(2);
    await service.keepListed('acct', () => true);
    expect(service.list().map((port) => port.proxyId)).toEqual([3]);
    // Signed out: every port stops, and no account's kept ports reopen.
    await service.keepListed(undefined, () => true);
    expect(service.list()).toEqual([]);
  });

  it('says why when no kept port could be reopened, or one reopened cannot be kept again', async () => {
    const kept = new KeptInMemory();
    kept.ports.set(99, { proxyId: 99, port: 0, protocol: 'http', localPassword: null });
    const notices: (string | undefined)[] = [];
    await serviceWith(kept, notices).keepListed('acct', () => true);
    expect(notices).toEqual([
      'A kept local port (0) could not be reopened: This proxy is no longer in your plans.',
    ]);
    kept.ports.clear();
    kept.ports.set(1, { proxyId: 1, port: 0, protocol: 'http', localPassword: null });
    kept.refuse = true;
    const refused = serviceWith(kept, notices);
    await refused.keepListed('acct', () => true);
    expect(notices.at(-1)).toMatch(
      /^The local port \d+ is open, but will not reopen at the next start: The local ports could not be saved: disk full\.$/,
    );
  });

  it('reopens nothing when told not to', async () => {
    const kept = new KeptInMemory();
    kept.ports.set(1, { proxyId: 1, port: 0, protocol: 'http', localPassword: null });
    const service = serviceWith(kept, [], { reopenKept: false });
    await service.keepListed('acct', () => true);
    expect(service.list()).toEqual([]);
  });
});

describe('LocalPortsService refusing and changing', () => {
  it('refuses a port over the limit, and a change or password of a port not open, by kind and in words', async () => {
    const service = serviceWith(new KeptInMemory(), [], { maxPorts: 1 });
    await service.open({ proxyId: 1 });
    await expect(service.open({ proxyId: 2 })).rejects.toMatchObject({
      kind: 'invalid_input',
      message:
        'At most 1 local ports can be open at once: stop one first, or raise the limit in Settings.',
    });
    const notOpen = { kind: 'not_found', message: 'That local port is no longer open.' };
    await expect(service.configure({ proxyId: 2, keep: true })).rejects.toMatchObject(notOpen);
    expect(() => service.localPassword(2)).toThrow(expect.objectContaining(notOpen));
    expect(() => service.localPassword(1)).toThrow(
      expect.objectContaining({
        kind: 'invalid_input',
        message: 'That local port needs no password.',
      }),
    );
  });

  it('refuses a number taken by another listener as invalid input, in words', async () => {
    const first = serviceWith(new KeptInMemory());
    const taken = (await first.open({ proxyId: 1 })).port;
    const service = serviceWith(new KeptInMemory());
    await expect(service.open({ proxyId: 2, port: taken })).rejects.toMatchObject({
      kind: 'invalid_input',
      message: expect.stringContaining(String(taken)),
    });
  });

  it('keeps the listener and its connections through a change that needs no restart', async () => {
    const kept = new KeptInMemory();
    const service = serviceWith(kept);
    const opened = await service.open({ proxyId: 1 });
    await service.configure({ proxyId: 1, keepBrowserProfile: true });
    const app = connect({ port: opened.port, host: '127.0.0.1' });
    await new Promise((resolve) => app.once('connect', resolve));
    let closed = false;
    app.once('close', () => (closed = true));
    const changed = await service.configure({ proxyId: 1, keep: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    expect(changed).toMatchObject({ port: opened.port, keep: true });
    // Not asked about: the browser profile stays kept.
    expect(service.keepsBrowserProfile(1)).toBe(true);
    app.destroy();
  });

  it('restarts the listener on another protocol, cutting its connections', async () => {
    const service = serviceWith(new KeptInMemory());
    const opened = await service.open({ proxyId: 1, protocol: 'http' });
    const app = connect({ port: opened.port, host: '127.0.0.1' });
    await new Promise((resolve) => app.once('connect', resolve));
    const closed = new Promise((resolve) => app.once('close', resolve));
    const changed = await service.configure({ proxyId: 1, protocol: 'socks5' });
    await closed;
    expect(changed).toMatchObject({ port: opened.port, protocol: 'socks5' });
  });

  it('stops nothing and says nothing for a port not open, or when none is', async () => {
    const notices: (string | undefined)[] = [];
    const service = serviceWith(new KeptInMemory(), notices);
    await service.close(5);
    await service.closeAll();
    expect(notices).toEqual([]);
  });
});
