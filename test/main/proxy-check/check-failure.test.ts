import { describe, expect, it } from 'vitest';
import { checkFailures } from '../../../src/main/proxy-check/check-failure';

const context = { proxy: '192.0.2.10:8080', echoHost: 'api.ipify.org' };

describe('checkFailures.timedOut', () => {
  it('states the deadline in the unit people read it in', () => {
    expect(checkFailures.timedOut(context, 15_000).message).toBe(
      'The proxy 192.0.2.10:8080 did not complete the check within 15 seconds.',
    );
    expect(checkFailures.timedOut(context, 2_500).message).toContain('within 2.5 seconds.');
    expect(checkFailures.timedOut(context, 300).message).toContain('within 300 ms.');
  });
});
