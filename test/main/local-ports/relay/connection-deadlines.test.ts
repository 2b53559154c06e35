import { once } from 'node:events';
import { expect, it, vi } from 'vitest';
import { ConnectionDeadlines } from '../../../../src/main/local-ports/relay/connection-deadlines';
import { useSocketPairs } from '../socket-pairs';

const TIMES = { handshakeMs: 1_000, idleMs: 60_000 };

const pairs = useSocketPairs();

// Only the handshake deadline is a timer of its own (the idle one is the socket's timeout), so
// the fake timers count it alone.
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

it('destroys a connection whose handshake is not done in time, once', async () => {
  const { accepted } = await pairs().pair();
  fakeTimers();
  const deadlines = new ConnectionDeadlines(accepted, TIMES);
  deadlines.handshakeBegan(); // a deadline already running stays as it is
  expect(vi.getTimerCount()).toBe(1);
  vi.advanceTimersByTime(TIMES.handshakeMs - 1);
  expect(accepted.destroyed).toBe(false);
  vi.advanceTimersByTime(1);
  expect(accepted.destroyed).toBe(true);
});

it('stops the deadline when the handshake is done, and starts it again for the next head', async () => {
  const { accepted } = await pairs().pair();
  fakeTimers();
  const deadlines = new ConnectionDeadlines(accepted, TIMES);
  deadlines.handshakeDone();
  deadlines.handshakeDone(); // done twice: nothing left to stop
  expect(vi.getTimerCount()).toBe(0);
  vi.advanceTimersByTime(TIMES.handshakeMs * 2);
  expect(accepted.destroyed).toBe(false);
  deadlines.handshakeBegan();
  vi.advanceTimersByTime(TIMES.handshakeMs);
  expect(accepted.destroyed).toBe(true);
});

it('leaves no timer behind when the connection closes mid-handshake, nor starts one after', async () => {
  const { accepted } = await pairs().pair();
  fakeTimers();
  const deadlines = new ConnectionDeadlines(accepted, TIMES);
  expect(vi.getTimerCount()).toBe(1);
  const closed = once(accepted, 'close');
  accepted.destroy();
  await closed;
  expect(vi.getTimerCount()).toBe(0);
  deadlines.handshakeBegan();
  expect(vi.getTimerCount()).toBe(0);
});
