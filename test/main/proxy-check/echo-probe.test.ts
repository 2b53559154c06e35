import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { probeEcho, type EchoProbeResult } from '../../../src/main/proxy-check/echo-probe';
import { useCheckServers } from './check-servers-fixture';
import {
  deadPort,
  startSilentServer,
  startUntrustedTlsEcho,
  type LocalServer,
} from '../../../tools/local-network/proxy-servers';

const servers = useCheckServers();

let silent: LocalServer;
let untrustedTls: LocalServer;
let refusedPort: number;
beforeAll(async () => {
  silent = await startSilentServer();
  untrustedTls = await startUntrustedTlsEcho();
  refusedPort = await deadPort();
});
afterAll(async () => {
  await silent.close();
  await untrustedTls.close();
});

const probe = (echoUrl: string, deadlineMs = 5_000) =>
  probeEcho(echoUrl, deadlineMs, new AbortController().signal);

/** The message of a failed probe, after checking that it is one and why. */
function failureOf(result: EchoProbeResult): string {
  if (result.reachable) throw new Error('The probe should have failed');
  expect(result.failure.reason).toBe('echo_unreachable');
  return result.failure.message;
}

const SAYS_NO_PROXY_WAS_CHECKED = /, so no proxy was checked\. .+ Settings\.$/;

describe('probeEcho', () => {
  it.each(['/', '/json', '/origin'])('finds an echo answering an address at %s', async (path) => {
    expect(await probe(servers().echo.url(path))).toEqual({ reachable: true });
  });

  it('names the echo and says no proxy was checked when nothing listens there', async () => {
    expect(failureOf(await probe(`http://127.0.0.1:${refusedPort}/`))).toBe(
      `The IP echo service 127.0.0.1:${refusedPort} could not be reached from this computer (connection refused), so no proxy was checked. Check your connection or choose another echo in Settings.`,
    );
  });

  it('fails on an error status', async () => {
    const message = failureOf(await probe(servers().echo.url('/status/503')));
    expect(message).toContain(
      `127.0.0.1:${servers().echo.port} answered this computer with an error (HTTP 503)`,
    );
    expect(message).toMatch(SAYS_NO_PROXY_WAS_CHECKED);
  });

  it.each(['/garbage', '/huge'])('fails on an answer without an address (%s)', async (path) => {
    expect(failureOf(await probe(servers().echo.url(path)))).toContain(
      'answered this computer without an IP address, so no proxy was checked.',
    );
  });

  it('fails at its deadline on an echo that never answers, and closes its connection', async () => {
    const message = failureOf(await probe(`http://127.0.0.1:${silent.port}/`, 200));
    expect(message).toContain('did not answer this computer within 200 ms');
    expect(message).toMatch(SAYS_NO_PROXY_WAS_CHECKED);
    await vi.waitFor(() => expect(silent.sockets.open).toBe(0));
  });

  it('fails on a certificate it cannot trust', async () => {
    const message = failureOf(await probe(`https://127.0.0.1:${untrustedTls.port}/`));
    expect(message).toMatch(/its certificate was not accepted: [A-Z_]+\)/);
  });

  it('fails on a host name that does not resolve', async () => {
    expect(failureOf(await probe('https://echo.invalid/'))).toContain(
      '(the name echo.invalid could not be resolved)',
    );
  });

  it('refuses plain HTTP off this computer without connecting, as the settings do', async () => {
    expect(failureOf(await probe('http://echo.example/'))).toBe(
      'The IP echo URL must use HTTPS: echo.example is not localhost or a loopback address such as 127.0.0.1 or [::1]. No proxy was checked; choose another echo in Settings.',
    );
  });

  it('rejects with the signal’s reason when cancelled, and leaves nothing open', async () => {
    const echo = servers().echo;
    const controller = new AbortController();
    const probing = probeEcho(echo.url('/hold'), 5_000, controller.signal);
    await vi.waitFor(() => expect(echo.held).toBe(1));
    const reason = new Error('cancelled by the test');
    controller.abort(reason);
    await expect(probing).rejects.toBe(reason);
    await vi.waitFor(() => {
      expect(echo.held).toBe(0);
      expect(echo.sockets.open).toBe(0);
    });
  });

  it('rejects at once when already cancelled', async () => {
    const reason = new Error('too late');
    await expect(probeEcho(servers().echo.url('/'), 5_000, AbortSignal.abort(reason))).rejects.toBe(
      reason,
    );
    expect(servers().echo.sockets.accepted).toBe(0);
  });
});
