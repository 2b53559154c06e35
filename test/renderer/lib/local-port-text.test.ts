import { expect, it } from 'vitest';
import { formatBytes, localPortTraffic } from '../../../src/renderer/src/lib/local-port-text';

const stats = {
  openConnections: 2,
  totalConnections: 15,
  refusedConnections: 0,
  bytesUp: 1_234,
  bytesDown: 34_000,
  lastError: null,
};

it('says what went through a port', () => {
  expect(localPortTraffic(stats)).toBe('2 open · 15 in all · ↑ 1.2 kB ↓ 34.0 kB');
});

it('names the connections refused at the cap, once there are any', () => {
  expect(localPortTraffic({ ...stats, refusedConnections: 3 })).toBe(
    '2 open · 15 in all · 3 refused · ↑ 1.2 kB ↓ 34.0 kB',
  );
});

it.each([
  [999, '999 B'],
  [1_000, '1.0 kB'],
  [123_456_789, '123 MB'],
])('writes %i bytes as %s', (bytes, text) => {
  expect(formatBytes(bytes)).toBe(text);
});
