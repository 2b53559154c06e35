import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ProxyServiceError } from '../../../src/main/api/proxy-service-client';
import type { Fault } from '../../../tools/reference-service/faults';
import { rejectionOf, useReferenceService } from './reference-service-fixture';

const fixture = useReferenceService();

/** Every way a call can fail, including a server that echoes the Authorization header back. */
function failures(token: string): [string, Fault][] {
  return [
    ['401 echoing the token', { status: 401, body: { detail: `bad token ${token}` } }],
    ['422 echoing the header', { status: 422, body: `Authorization: Bearer ${token}` }],
    ['500 with a JWT in HTML', { status: 500, body: `<html><title>${token}</title></html>` }],
    ['429', { status: 429, headers: { 'Retry-After': '0' }, times: 10 }],
    ['a dropped connection', { drop: true, times: 10 }],
    ['malformed JSON', { status: 200, body: `{"token": "${token}"` }],
    ['a token in an unreadable listing', { status: 200, body: { token } }],
  ];
}

describe('the token never leaves the client', () => {
  it('a token in a proxy that cannot be read is not repeated in what was left out', async () => {
    const token = fixture.service().tokenFor('demo');
    const body = [{ id: 1, name: 'P', proxies: [{ id: token, username: token, port: token }] }];
    fixture.service().faults.add({ path: '/users/plans', status: 200, body });
    const listing = await fixture.client().listPlans();
    expect(listing.problems).toHaveLength(1);
    expect(JSON.stringify(listing)).not.toContain(token.split('.')[2]);
  });

  it.each(failures('<token>').map(([name]) => name))('%s', async (name) => {
    const token = fixture.service().tokenFor('demo');
    const fault = failures(token).find(([candidate]) => candidate === name)?.[1];
    if (!fault) throw new Error(name);
    fixture.service().faults.add({ path: '/users/plans', ...fault });

    const error = await rejectionOf(fixture.client('demo', { maxRetries: 1 }).listPlans());
    expect(error).toBeInstanceOf(ProxyServiceError);
    const everything = [
      String(error),
      JSON.stringify(error),
      (error as Error).stack ?? '',
      inspect(error, { depth: 10, showHidden: true }),
    ].join('\n');
    expect(everything).not.toContain(token);
    // Not even the signature part of it, which is the secret half.
    expect(everything).not.toContain(token.split('.')[2]);
    expect(error).not.toHaveProperty('cause');
    expect(error).not.toHaveProperty('config');
    expect(error).not.toHaveProperty('request');
  });

  it('a service error serialises to its kind, status and message only', async () => {
    fixture.service().faults.add({ path: '/users/me', status: 403, body: { detail: 'No' } });
    const error = await rejectionOf(fixture.client().getAccount());
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ProxyServiceError',
      kind: 'forbidden',
      status: 403,
      message:
        'Loading your account failed: the service does not allow this (HTTP 403). The service said: "No".',
    });
  });

  it('the client object itself does not show the token', () => {
    const token = fixture.service().tokenFor('demo');
    const client = fixture.client();
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(token);
    expect(JSON.stringify(client) ?? '').not.toContain(token);
  });
});
