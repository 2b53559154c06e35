import { describe, expect, it } from 'vitest';
import { sharedAddressesOf } from '../../../src/shared/ipc/shared-addresses';
import { planView, proxyView } from '../../renderer/lib/view-fixtures';

describe('sharedAddressesOf', () => {
  it('names the addresses that more than one proxy of the plan uses', () => {
    const gateway = { ip: 'gate.example.com', port: 8000 };
    const plan = planView(1, 'Gateway', [
      proxyView(1, gateway),
      proxyView(2, gateway),
      proxyView(3, { ip: '2001:db8::1', port: 8000 }),
      proxyView(4),
    ]);
    expect([...sharedAddressesOf(plan)]).toEqual(['gate.example.com:8000']);
    // Worked out once per plan object: naming 10,000 rows does not walk the plan 10,000 times.
    expect(sharedAddressesOf(plan)).toBe(sharedAddressesOf(plan));
  });

  it('is empty for a plan whose proxies each have their own address, and remembered per plan', () => {
    const plan = planView(1, 'Plain', [proxyView(1), proxyView(2)]);
    expect(sharedAddressesOf(plan).size).toBe(0);
    expect(sharedAddressesOf(plan)).toBe(sharedAddressesOf(plan));
  });

  it('reads the service’s plans too: anything with proxies that have a host and port', () => {
    const proxies = [
      { ip: '2001:db8::1', port: 1080 },
      { ip: '2001:db8::1', port: 1080 },
      { ip: '2001:db8::1', port: 1081 },
    ];
    expect([...sharedAddressesOf({ proxies })]).toEqual(['[2001:db8::1]:1080']);
  });
});
