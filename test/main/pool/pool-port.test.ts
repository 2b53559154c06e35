import { afterEach, expect, it, vi } from 'vitest';
import { startPoolPort } from '../../../src/main/pool/pool-port';

afterEach(() => {
  vi.useRealTimers();
});

const member = {
  id: 1,
  entry: { host: '127.0.0.1', port: 9, username: 'u', password: 'p' },
  latencyMs: null,
};

it('changes its strategy while it runs', async () => {
  const port = await startPoolPort({ members: [member], protocol: 'http' });
  try {
    expect(port.strategy).toBe('round-robin');
    port.setStrategy('fastest');
    expect(port.strategy).toBe('fastest');
  } finally {
    await port.close();
  }
});

it('that could not start rejects as a local port does, and leaves no timer of its pool running', async () => {
  vi.useFakeTimers();
  await expect(
    startPoolPort({ members: [member], protocol: 'http', bindHost: '0.0.0.0' }),
  ).rejects.toMatchObject({ name: 'LocalPortError', kind: 'not_loopback' });
  expect(vi.getTimerCount()).toBe(0);
});
