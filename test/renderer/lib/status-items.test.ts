import { describe, expect, it } from 'vitest';
import type { AlertView } from '../../../src/shared/views/alert-view';
import { statusItems, type StatusSources } from '../../../src/renderer/src/lib/status-items';

const nothing: StatusSources = {
  tokenRefused: null,
  tokenExpiry: null,
  refreshFailure: null,
  listingNotice: null,
  updateVersion: null,
  alerts: [],
};

const alert = (kind: AlertView['kind'], name: string, planId?: number): AlertView => ({
  key: `${kind}:${name}`,
  kind,
  title: `${name} ${kind}`,
  body: `about ${name}`,
  ...(planId !== undefined && { planId }),
});

describe('statusItems', () => {
  it('has nothing to say when all is well', () => {
    expect(statusItems(nothing)).toEqual([]);
  });

  it('puts the gravest first: failures and dead plans, then warnings, then news', () => {
    const items = statusItems({
      tokenRefused: null,
      tokenExpiry: { text: 'Your access token expires in 2 days.', expired: false },
      refreshFailure: 'Offline — showing data from 14:05',
      listingNotice: { message: '2 proxies could not be read', details: 'proxy 7: port' },
      updateVersion: '1.2.3',
      alerts: [alert('plan-expiring', 'US-2', 2), alert('plan-blocked', 'DE-1', 1)],
    });
    expect(items.map((item) => [item.tone, item.key])).toEqual([
      ['danger', 'refresh-failure'],
      ['danger', 'alert:plan-blocked:DE-1'],
      ['warning', 'token-expiry'],
      ['warning', 'alert:plan-expiring:US-2'],
      ['info', 'listing-notice'],
      ['info', 'update'],
    ]);
  });

  it('gives each item the button that acts on it', () => {
    const items = statusItems({
      ...nothing,
      tokenExpiry: { text: 'Your access token has expired.', expired: true },
      updateVersion: '1.2.3',
      alerts: [alert('plan-expired', 'FR-3', 3)],
    });
    expect(items.map((item) => item.action)).toEqual([
      { kind: 'new-token' },
      { kind: 'show-plan', planId: 3 },
      { kind: 'restart', version: '1.2.3' },
    ]);
    expect(items[0]).toMatchObject({ tone: 'danger', title: 'Your access token has expired.' });
    expect(items[2]?.title).toBe('Restart to update to 1.2.3');
  });

  it('keeps the listing notice’s details, and an alert’s body', () => {
    // Sorted: the warning before the notice.
    const [planAlert, notice] = statusItems({
      ...nothing,
      listingNotice: { message: '1 proxy could not be read', details: 'proxy 9: port "x"' },
      alerts: [alert('plan-expiring', 'NL-4')],
    });
    expect(notice).toMatchObject({ details: 'proxy 9: port "x"', tone: 'info' });
    // No plan id: nothing to show, so no button.
    expect(planAlert).toEqual({
      key: 'alert:plan-expiring:NL-4',
      tone: 'warning',
      title: 'NL-4 plan-expiring',
      body: 'about NL-4',
    });
  });

  it('says the token’s end once: the line with the "New token" button, not the alert as well', () => {
    const tokenAlert = alert('token-expiring', 'token');
    const withLine = statusItems({
      ...nothing,
      tokenExpiry: { text: 'Your access token expires tomorrow.', expired: false },
      alerts: [tokenAlert],
    });
    expect(withLine.map((item) => item.key)).toEqual(['token-expiry']);
    // Without the line (the session has not said so yet) the alert still speaks.
    expect(statusItems({ ...nothing, alerts: [tokenAlert] }).map((item) => item.key)).toEqual([
      'alert:token-expiring:token',
    ]);
  });

  it('says a refused token once, as the gravest line, with the button that signs in again', () => {
    const items = statusItems({
      ...nothing,
      tokenRefused: { expired: false },
      tokenExpiry: { text: 'Your access token expires tomorrow.', expired: false },
      alerts: [alert('token-expiring', 'token'), alert('plan-blocked', 'DE-1', 1)],
      updateVersion: '1.2.3',
    });
    expect(items.map((item) => item.key)).toEqual([
      'sign-in-again',
      'alert:plan-blocked:DE-1',
      'update',
    ]);
    expect(items[0]).toMatchObject({
      tone: 'danger',
      title: 'Token refused',
      action: { kind: 'sign-in-again' },
    });
    expect(items[0]?.body).toBe(
      'The service no longer accepts your access token, so the list is read-only. Copying, checks, export and local ports still work; rotation, intervals and labels need a new token.',
    );
  });

  it('names an expired token as expired, and drops the expiry line that said so', () => {
    const items = statusItems({
      ...nothing,
      tokenRefused: { expired: true },
      tokenExpiry: { text: 'Your access token has expired.', expired: true },
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      key: 'sign-in-again',
      title: 'Token expired',
    });
    expect(items[0]?.body).toMatch(
      /^Your access token has expired, so the list is read-only\. Copying/,
    );
  });
});
