import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import {
  createProxyServiceClient,
  ProxyServiceError,
} from '../../../src/main/api/proxy-service-client';
import { wasMaybeApplied } from '../../../src/main/api/unconfirmed-outcome';
import { rejectionOf, useReferenceService } from './reference-service-fixture';

/*
 * An update whose answer was lost may have been applied: the user is told the change could not be
 * confirmed (the app then re-reads), never that it failed. One that never reached the service, or
 * that the service answered with a refusal, is an ordinary failure.
 */

const fixture = useReferenceService();

const BROKE =
  'Setting the label: could not confirm the change (the connection broke before its answer arrived).';

async function labelError(fault: object): Promise<ProxyServiceError> {
  const id = fixture.changeableProxyId();
  fixture.service().faults.add({ path: '/proxies/update_label', ...fault } as never);
  const error = await rejectionOf(fixture.client('demo', { maxRetries: 0 }).setLabel(id, 'x'));
  expect(error).toBeInstanceOf(ProxyServiceError);
  return error as ProxyServiceError;
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('an update whose answer was lost', () => {
  it.each([
    ['the connection reset once the service applied it', { afterApply: 'drop' }],
    ['the connection reset with no answer at all', { drop: true }],
    ['a 200 answer cut off mid-body', { cutBody: true }],
    ['a 201 answer cut off mid-body', { cutBody: true, status: 201 }],
    ['a 299 answer cut off mid-body', { cutBody: true, status: 299 }],
    ['a gateway that gave up waiting (504)', { status: 504 }],
  ])('%s: the change could not be confirmed', async (_case, fault) => {
    const error = await labelError(fault);
    expect(error.kind).toBe('unconfirmed');
    expect(error.message).toBe(BROKE);
    expect(error.status).toBeUndefined();
  });

  it('names the change that could not be confirmed', async () => {
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_rotation', afterApply: 'drop' });
    const error = await rejectionOf(
      fixture.client('demo', { maxRetries: 0 }).setRotation(id, true),
    );
    expect(error).toMatchObject({
      kind: 'unconfirmed',
      message:
        'Turning rotation on: could not confirm the change (the connection broke before its answer arrived).',
    });
  });
});

describe('an update that failed for sure', () => {
  it.each([
    [500, 'server', 'the service had a problem of its own (HTTP 500); try again later'],
    [502, 'server', 'the service had a problem of its own (HTTP 502); try again later'],
    [503, 'server', 'the service had a problem of its own (HTTP 503); try again later'],
  ] as const)('HTTP %i is a failure of kind %s', async (status, kind, cause) => {
    const error = await labelError({ status });
    expect(error).toMatchObject({ kind, message: `Setting the label failed: ${cause}.` });
  });

  it('a 5xx answer cut off mid-body is still the service’s failure', async () => {
    const error = await labelError({ cutBody: true, status: 500 });
    expect(error.kind).toBe('server');
  });

  it('a 300 answer (no success) is not taken as maybe applied', async () => {
    const error = await labelError({ status: 300 });
    expect(error).toMatchObject({
      kind: 'bad_response',
      message:
        'Setting the label failed: the service sent an answer this app does not understand (it redirected (HTTP 300); check the service URL).',
    });
  });

  it('a refused connection never reached the service', async () => {
    const port = await closedPort();
    const client = createProxyServiceClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: 'tok_never_sent',
      maxRetries: 0,
    });
    const error = await rejectionOf(client.setLabel(1, 'x'));
    expect(error).toMatchObject({
      kind: 'network',
      message: `Setting the label failed: could not reach the service at 127.0.0.1:${port} (connection refused). Check your connection and the service URL.`,
    });
  });
});

/** What axios throws for an answer with this status. */
function answered(status: number, code: string): AxiosError {
  const response = { status, statusText: '', data: '', headers: {}, config: {} } as AxiosResponse;
  return new AxiosError('failed', code, {} as InternalAxiosRequestConfig, undefined, response);
}

describe('which failures may have reached the service', () => {
  // Codes the real service above cannot provoke on demand: a write into a closed socket, a
  // request aborted mid-way, a stream closed before its end, and a body axios gave up reading.
  it.each([
    'ECONNRESET',
    'EPIPE',
    'ECONNABORTED',
    'ERR_STREAM_PREMATURE_CLOSE',
    'ERR_BAD_RESPONSE',
  ])('the connection broke after sending (%s): maybe applied', (code) => {
    expect(wasMaybeApplied(new AxiosError('broken', code))).toBe(true);
  });

  it.each([
    'ECONNREFUSED',
    'ENOTFOUND',
    'ETIMEDOUT',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    '',
    undefined,
  ])('a failure before sending (%s): not applied', (code) => {
    expect(wasMaybeApplied(new AxiosError('not sent', code))).toBe(false);
  });

  it.each([
    [199, false],
    [200, true],
    [299, true],
    [300, false],
    [503, false],
    [504, true],
  ])(
    'an answer with HTTP %i, even one whose body broke off: maybe applied is %s',
    (status, maybe) => {
      expect(wasMaybeApplied(answered(status, 'ERR_BAD_RESPONSE'))).toBe(maybe);
    },
  );

  it('only an axios failure is judged: anything else says nothing about the request', () => {
    expect(wasMaybeApplied(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
    expect(wasMaybeApplied(undefined)).toBe(false);
  });
});
