import { describe, expect, it } from 'vitest';
import { listedProxies } from '../../../src/renderer/src/lib/listed-proxies';
import { planView, proxyView } from './view-fixtures';

const first = planView(1, 'First', [proxyView(1), proxyView(2)]);
const second = planView(2, 'Second', [proxyView(3), proxyView(4)]);

describe('listedProxies', () => {
  it('finds the wanted proxies in any plan, with the plan they are in', () => {
    const found = listedProxies([first, second], new Set([4, 1]));
    expect(found.get(1)).toEqual({ plan: first, proxy: first.proxies[0] });
    expect(found.get(4)).toEqual({ plan: second, proxy: second.proxies[1] });
    expect(found.size).toBe(2);
  });

  it('leaves out ids the listing lacks, and finds nothing in no listing or for no id', () => {
    expect([...listedProxies([first, second], new Set([2, 99])).keys()]).toEqual([2]);
    expect(listedProxies(null, new Set([1])).size).toBe(0);
    expect(listedProxies([first], new Set()).size).toBe(0);
  });

  it('finds a proxy in the plan a patch brought, not in the one it replaced', () => {
    listedProxies([first, second], new Set([3]));
    const rotating = proxyView(3, { is_rotating: true });
    const patched = { ...second, proxies: [rotating, ...second.proxies.slice(1)] };
    expect(listedProxies([first, patched], new Set([3])).get(3)).toEqual({
      plan: patched,
      proxy: rotating,
    });
  });
});
