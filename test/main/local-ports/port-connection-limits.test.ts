import { expect, it } from 'vitest';
import { DEFAULT_DEADLINES } from '../../../src/main/local-ports/relay/connection-deadlines';
import { portConnectionLimits } from '../../../src/main/local-ports/port-connection-limits';

it("turns Settings' minutes and connections into a port's limits, the handshake deadline kept", () => {
  expect(portConnectionLimits({ localPortIdleMinutes: 3, localPortConnectionsMax: 40 })).toEqual({
    deadlines: { handshakeMs: DEFAULT_DEADLINES.handshakeMs, idleMs: 180_000 },
    maxConnections: 40,
  });
  expect(DEFAULT_DEADLINES).toEqual({ handshakeMs: 30_000, idleMs: 600_000 });
});
