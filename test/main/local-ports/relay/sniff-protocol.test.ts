import { expect, it } from 'vitest';
import { sniffProtocol } from '../../../../src/main/local-ports/relay/sniff-protocol';
import { listenerCounts, settledWithin, useSocketPairs } from '../socket-pairs';

const pairs = useSocketPairs();

it('says SOCKS5 for a first byte 5 and HTTP for anything else, and puts the bytes back', async () => {
  for (const [sent, protocol] of [
    [Buffer.from([0x05, 0x01, 0x00]), 'socks5'],
    [Buffer.from('GET http://example.test/ HTTP/1.1\r\n'), 'http'],
    [Buffer.from([0x04, 0x01]), 'http'],
  ] as const) {
    const { client, accepted } = await pairs().pair();
    const before = listenerCounts(accepted, ['data', 'close']);
    const sniffed = sniffProtocol(accepted);
    client.write(sent);
    expect(await sniffed).toBe(protocol);
    // Paused with the bytes back in place, and nothing of the sniffer's left listening.
    expect(accepted.isPaused()).toBe(true);
    expect(accepted.read()).toEqual(sent);
    expect(listenerCounts(accepted, ['data', 'close'])).toEqual(before);
  }
});

it('says nothing (null) for a connection that closes before sending a byte, and stops listening', async () => {
  const { client, accepted } = await pairs().pair();
  const before = accepted.listenerCount('data');
  const sniffed = sniffProtocol(accepted);
  client.destroy();
  expect(await settledWithin(sniffed, 2_000)).toEqual({ value: null });
  expect(accepted.listenerCount('data')).toBe(before);
});
