import type { PlanView, ProxyView } from '../../../src/shared/views/plans-view';

/** A proxy as the popup is sent it, with nothing pending; `overrides` set what a test needs. */
export function proxyView(id: number, overrides: Partial<ProxyView> = {}): ProxyView {
  return {
    id,
    username: `user${id}`,
    ip: `192.0.2.${id % 250}`,
    port: 10_000 + id,
    assigned_proxy_ipv4: '198.51.100.1',
    assigned_proxy_ipv6: '2001:db8::1',
    is_rotating: false,
    rotate_interval: 300,
    plan_ip_class: 4,
    label: null,
    pending: { rotation: false, interval: false, label: false },
    ...overrides,
  };
}

export function planView(id: number, name: string, proxies: ProxyView[]): PlanView {
  return {
    id,
    name,
    creation_date: '2025-01-01T00:00:00Z',
    expire_date: '2026-01-01T00:00:00Z',
    is_blocked: false,
    proxy_limit: 10,
    proxies,
  };
}
