import { expect, it } from 'vitest';
import { keptPortsFromFile } from '../../../src/main/local-ports/kept-ports-from-file';

const port = { proxyId: 7, port: 8080, protocol: 'socks5', localPassword: null };

it('reads a current file whole, with nothing to say', () => {
  const read = keptPortsFromFile({
    schemaVersion: 1,
    ports: { acct: [port] },
    browserProfiles: { acct: [3, 4] },
  });
  expect(read.problems).toEqual([]);
  expect([...read.content.ports]).toEqual([['acct', [port]]]);
  expect([...read.content.browserProfiles]).toEqual([['acct', [3, 4]]]);
});

it('reads nothing from a newer version, and says so', () => {
  const read = keptPortsFromFile({ schemaVersion: 2, ports: { acct: [port] } });
  expect(read.problems).toEqual([
    'The local ports file was written by a newer version of Proxy Tray (version 2), so nothing could be read from it.',
  ]);
  expect(read.content.ports.size).toBe(0);
});

it('reads what it can without a readable version, and drops unknown entries, saying both', () => {
  for (const schemaVersion of [undefined, '1', '2', 0]) {
    const read = keptPortsFromFile({ schemaVersion, ports: { acct: [port] }, extra: true });
    expect(read.problems).toEqual([
      'The local ports file had a missing or unreadable version number.',
      "The local ports file's unknown entry was removed.",
    ]);
    expect([...read.content.ports]).toEqual([['acct', [port]]]);
  }
});
