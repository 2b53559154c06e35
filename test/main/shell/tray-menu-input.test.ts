import { describe, expect, it } from 'vitest';
import { readyUpdateVersion, trayMenuInputOf } from '../../../src/main/shell/tray-menu-input';
import type { PlansSnapshot } from '../../../src/shared/ipc/plans-view';
import type { SessionView } from '../../../src/shared/ipc/session-view';

const session: SessionView = {
  state: 'active',
  account: {
    id: 'a1',
    serviceUrl: 'https://api.example.com/',
    username: 'dana',
    displayName: 'Dana Demo',
  },
  accounts: [
    {
      id: 'a1',
      serviceUrl: 'https://api.example.com/',
      username: 'dana',
      displayName: 'Dana Demo',
      active: true,
    },
    {
      id: 'a2',
      serviceUrl: 'https://api.example.com/',
      username: 'ops',
      displayName: '',
      active: false,
    },
  ],
};

const proxy = {
  id: 7,
  username: 'u',
  ip: '203.0.113.7',
  port: 8080,
  assigned_proxy_ipv4: '198.51.100.1',
  assigned_proxy_ipv6: '2001:db8::1',
  is_rotating: true,
  rotate_interval: 300,
  plan_ip_class: 4,
  pending: { rotation: false, interval: false, label: false },
};

const plans: PlansSnapshot = {
  accountId: 'a1',
  updatedAt: '2026-11-21T10:00:00.000Z',
  refreshing: true,
  error: null,
  notice: null,
  plans: [
    {
      id: 1,
      name: 'Residential US',
      creation_date: '2026-01-01T00:00:00Z',
      expire_date: '2027-01-01T00:00:00Z',
      is_blocked: false,
      proxy_limit: 10,
      proxies: [
        { ...proxy, label: 'Checkout' },
        { ...proxy, id: 8, label: null },
      ],
    },
  ],
};

describe('trayMenuInputOf', () => {
  it('names accounts and proxies the way the popup does', () => {
    expect(trayMenuInputOf(session, plans)).toEqual({
      status: 'active',
      accounts: [
        { id: 'a1', title: 'Dana Demo (dana)', active: true },
        { id: 'a2', title: 'ops', active: false },
      ],
      plans: [
        {
          id: 1,
          name: 'Residential US',
          proxies: [
            { id: 7, title: 'Checkout' },
            { id: 8, title: '203.0.113.7:8080' },
          ],
        },
      ],
      refreshing: true,
    });
  });

  it('says it is starting until the keychain has answered, whatever the session holds so far', () => {
    expect(trayMenuInputOf(session, plans, { starting: true }).status).toBe('starting');
    expect(trayMenuInputOf(session, plans, { starting: false }).status).toBe('active');
  });

  it('has no plans before the first refresh', () => {
    expect(trayMenuInputOf(session, { ...plans, plans: null }).plans).toEqual([]);
  });
});

describe('readyUpdateVersion', () => {
  it('is the version of a downloaded update, and nothing before it is downloaded', () => {
    expect(readyUpdateVersion({ state: 'ready', version: '1.2.3' })).toBe('1.2.3');
    expect(readyUpdateVersion({ state: 'downloading', version: '1.2.3' })).toBeUndefined();
    expect(readyUpdateVersion({ state: 'idle' })).toBeUndefined();
  });
});
