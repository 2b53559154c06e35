import { describe, expect, it } from 'vitest';
import { searchKeyOf } from '../../../src/shared/search/search-key';
import { proxyView } from '../../renderer/lib/view-fixtures';

describe('searchKeyOf', () => {
  it('puts each field on its own line, in lower case', () => {
    const proxy = proxyView(21, {
      label: 'Office BERLIN',
      assigned_proxy_ipv4: '203.0.113.77',
      assigned_proxy_ipv6: '2001:DB8:AB::7',
    });
    expect(searchKeyOf(proxy).split('\n')).toEqual([
      'office berlin',
      '192.0.2.21:10021',
      'user21',
      '203.0.113.77',
      '2001:db8:ab::7',
    ]);
  });

  it('leaves a missing label or exit IP empty, never "null"', () => {
    const proxy = proxyView(22, {
      label: null,
      assigned_proxy_ipv4: null,
      assigned_proxy_ipv6: null,
    });
    expect(searchKeyOf(proxy).split('\n')).toEqual(['', '192.0.2.22:10022', 'user22', '', '']);
  });
});
