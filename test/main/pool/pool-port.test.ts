import { afterEach, expect, it, vi } from 'vitest';
import { startPoolPort } from '../../../src/main/pool/pool-port';
import { acceptsConnections } from '../../../tools/local-network/listening';

afterEach(() => {
  vi.useRealTimers();
});

const member = {
  id: 1,
  entry: { host: '127.0.0.1', port: 9, username: 'u', password: 'p' },
  latencyMs: null,
};

it('changes its strategy and members while it runs, and closes its listener', async () => {
  const port = await startPoolPort({ members: [member], protocol: 'http' });
  expect(port.strategy).toBe('round-robin');
  port.setStrategy('fastest');
  expect(port.strategy).toBe('fastest');
  port.setMembers([member, { ...member, id: 2 }]);
  expect(port.members().map((shown) => shown.id)).toEqual([1, 2]);
  expect(await port.getConnections()).toBe(0);
  await port.close();
  expect(await acceptsConnections(port.port, port.host)).toBe(false);
});

it('that could not start rejects as a local port does, and leaves no timer of its pool running', async () => {
  vi.useFakeTimers();
  await expect(
    startPoolPort({ members: [member], protocol: 'http', bindHost: '0.0.0.0' }),
  ).rejects.toMatchObject({ name: 'LocalPortError', kind: 'not_loopback' });
  expect(vi.getTimerCount()).toBe(0);
});
