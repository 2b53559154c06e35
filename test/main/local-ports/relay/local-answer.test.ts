import { expect, it } from 'vitest';
import { localAnswer } from '../../../../src/main/local-ports/relay/local-answer';

it('writes a whole answer that closes: status in words, plain text, its length, and the close', () => {
  expect(localAnswer(400, 'Not HTTP.', { 'Proxy-Authenticate': 'Basic realm="x"' })).toBe(
    'HTTP/1.1 400 Bad Request\r\nProxy-Authenticate: Basic realm="x"\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\nContent-Length: 9\r\nConnection: close\r\n\r\nNot HTTP.',
  );
});

it('counts the length in bytes, and names a status Node does not know "Error"', () => {
  expect(localAnswer(599, 'é')).toBe(
    'HTTP/1.1 599 Error\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 2\r\nConnection: close\r\n\r\né',
  );
});
