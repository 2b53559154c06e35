import { describe, expect, it } from 'vitest';
import { copyHostOf, planChoiceAfterPick } from '../../../src/shared/credentials/host-choices';

const dual = {
  ip: '203.0.113.7',
  assigned_proxy_ipv4: '198.51.100.9',
  assigned_proxy_ipv6: '2001:db8::5',
};
const entryOnly = { ip: '203.0.113.7', assigned_proxy_ipv4: null, assigned_proxy_ipv6: null };

describe('the host a copy that names none pastes', () => {
  it("is the plan's own choice when it has one, whatever the settings say", () => {
    expect(copyHostOf(dual, 'ipv6', 'entry')).toEqual({ choice: 'ipv6', address: '2001:db8::5' });
    expect(copyHostOf(dual, 'entry', 'ipv4')).toEqual({ choice: 'entry', address: '203.0.113.7' });
    expect(copyHostOf(dual, 'ipv4', 'ipv6')).toEqual({ choice: 'ipv4', address: '198.51.100.9' });
  });

  it("is the settings' choice for a plan without one", () => {
    expect(copyHostOf(dual, undefined, 'ipv4')).toEqual({
      choice: 'ipv4',
      address: '198.51.100.9',
    });
    expect(copyHostOf(dual, undefined, 'entry')).toEqual({
      choice: 'entry',
      address: '203.0.113.7',
    });
  });

  it('is the entry address where the proxy has no address of the chosen kind', () => {
    expect(copyHostOf(entryOnly, 'ipv6', 'entry')).toEqual({
      choice: 'entry',
      address: '203.0.113.7',
    });
    expect(copyHostOf(entryOnly, undefined, 'ipv4')).toEqual({
      choice: 'entry',
      address: '203.0.113.7',
    });
  });

  it('counts an assigned address equal to the entry address as the entry address', () => {
    const same = { ...dual, assigned_proxy_ipv4: dual.ip };
    expect(copyHostOf(same, 'ipv4', 'entry')).toEqual({ choice: 'entry', address: dual.ip });
  });
});

describe("the plan's own choice a host picked in a copy menu leaves", () => {
  it('is none when the pick is the host Settings → Host to copy gives', () => {
    expect(planChoiceAfterPick('entry', 'entry')).toBeUndefined();
    expect(planChoiceAfterPick('ipv4', 'ipv4')).toBeUndefined();
    expect(planChoiceAfterPick('ipv6', 'ipv6')).toBeUndefined();
  });

  it('is the pick when the settings give another host', () => {
    expect(planChoiceAfterPick('ipv6', 'entry')).toBe('ipv6');
    expect(planChoiceAfterPick('ipv4', 'ipv6')).toBe('ipv4');
    expect(planChoiceAfterPick('entry', 'ipv4')).toBe('entry');
  });
});
