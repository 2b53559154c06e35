import type { Plan, Proxy, User } from '../../../src/shared/api';

/** Hand-written resources as the app holds them once read from the service. */

export function sampleProxy(): Proxy {
  return {
    id: 101,
    username: 'u-101',
    password: 'p@ss:0/x',
    ip: '203.0.113.10',
    port: 10_101,
    assigned_proxy_ipv4: '198.51.100.7',
    assigned_proxy_ipv6: '2001:db8::7',
    is_rotating: true,
    rotate_interval: 300,
    plan_ip_class: 4,
    label: null,
  };
}

export function samplePlan(): Plan {
  return {
    id: 11,
    name: 'Residential US',
    creation_date: '2025-01-01T00:00:00Z',
    expire_date: '2026-01-01T00:00:00Z',
    is_blocked: false,
    proxy_limit: 10,
    proxies: [sampleProxy()],
  };
}

export function sampleUser(): User {
  return {
    uuid: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
    username: 'demo',
    creation_date: '2024-03-04T05:06:07Z',
    creation_ip: '192.0.2.44',
    name: 'Dana',
    surname: 'Demo',
    address: '1 Example Street',
  };
}
