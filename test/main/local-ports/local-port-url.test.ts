import { expect, it } from 'vitest';
import { localPortUrl } from '../../../src/main/local-ports/local-port-url';

it('is the bare address without a local password, and carries it as the login of "local" with one', () => {
  expect(localPortUrl({ host: '127.0.0.1', port: 24001 }, 'http', null)).toBe(
    'http://127.0.0.1:24001',
  );
  expect(localPortUrl({ host: '::1', port: 24002 }, 'socks5', 'p@ss word')).toBe(
    'socks5://local:p%40ss%20word@[::1]:24002',
  );
});
