import { describe, expect, it } from 'vitest';
import {
  copyButtonTitle,
  copyHostMark,
  hostOverrideSummary,
  planHostChipParts,
} from '../../../src/renderer/src/lib/copy-host-text';

describe('what the popup says about the host a copy pastes', () => {
  it("names the host on the Copy button, and its kind when it is not the row's address", () => {
    expect(copyButtonTitle({ choice: 'entry', address: '203.0.113.7' })).toBe(
      'Copies with host 203.0.113.7',
    );
    expect(copyButtonTitle({ choice: 'ipv6', address: '2001:db8::5' })).toBe(
      'Copies with host 2001:db8::5 (assigned IPv6)',
    );
    expect(copyButtonTitle({ choice: 'ipv4', address: '198.51.100.9' })).toBe(
      'Copies with host 198.51.100.9 (assigned IPv4)',
    );
  });

  it('marks a row only when its copies paste an assigned address', () => {
    expect(copyHostMark({ choice: 'entry', address: '203.0.113.7' })).toBeNull();
    expect(copyHostMark({ choice: 'ipv6', address: '2001:db8::5' })).toBe('IPv6');
    expect(copyHostMark({ choice: 'ipv4', address: '198.51.100.9' })).toBe('IPv4');
  });

  it("names a plan's own choice on its header", () => {
    // The key is what a narrow header keeps whole: the kind of address.
    expect(planHostChipParts('ipv6')).toEqual({ lead: 'Copies assigned', key: 'IPv6' });
    expect(planHostChipParts('ipv4')).toEqual({ lead: 'Copies assigned', key: 'IPv4' });
    expect(planHostChipParts('entry')).toEqual({ lead: 'Copies', key: 'entry address' });
  });

  it('counts the plans that do not follow the settings, and says nothing when none', () => {
    expect(hostOverrideSummary(0)).toBeNull();
    expect(hostOverrideSummary(1)).toMatch(/^1 plan uses its own choice,/);
    expect(hostOverrideSummary(2)).toMatch(/^2 plans use their own choice,/);
  });
});
