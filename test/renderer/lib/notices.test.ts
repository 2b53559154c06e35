import { describe, expect, it } from 'vitest';
import { refreshFailureText, tokenExpiryText } from '../../../src/renderer/src/lib/notices';

const at = (iso: string) => `at ${iso}`;

describe('refreshFailureText', () => {
  it('says offline, with the time of the data shown, when the service was unreachable', () => {
    const updatedAt = '2025-06-15T12:00:00.000Z';
    expect(refreshFailureText({ kind: 'network', message: 'x' }, updatedAt, at)).toBe(
      `Offline — showing data from at ${updatedAt}`,
    );
  });

  it('gives a timeout its own sentence (the wait it was given), not "Offline"', () => {
    const updatedAt = '2025-06-15T12:00:00.000Z';
    const message = 'Loading your plans failed: the service did not answer in 20 s.';
    expect(refreshFailureText({ kind: 'timeout', message }, updatedAt, at)).toBe(
      `${message} Showing data from at ${updatedAt}.`,
    );
    expect(refreshFailureText({ kind: 'timeout', message }, null, at)).toBe(message);
  });

  it('gives the failure’s own sentence otherwise', () => {
    const message = 'The proxy service had a problem (HTTP 500). Try again in a minute.';
    expect(refreshFailureText({ kind: 'server', message }, '2025-06-15T12:00:00Z', at)).toBe(
      message,
    );
    // Offline with nothing loaded yet: there is no older data to speak of.
    expect(refreshFailureText({ kind: 'network', message }, null, at)).toBe(message);
  });
});

describe('tokenExpiryText', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');

  it('says when a token runs out soon', () => {
    expect(tokenExpiryText('soon', '2025-06-17T13:00:00Z', now)).toBe(
      'Your access token expires in 2 days. Sign in again with a new token before then.',
    );
  });

  it('says a token has expired', () => {
    expect(tokenExpiryText('expired', '2025-06-14T12:00:00Z', now)).toMatch(/has expired/);
  });
});
