// `npm run preview`: the popup in a browser, over the real main-process services.
//   npm run preview -- [--service-url URL] [--token-stdin] [--data-dir DIR] [--port N]
// The service URL may also come from PROXY_TRAY_SERVICE_URL; the token comes from PROXY_TRAY_TOKEN
// or, with --token-stdin, from stdin — never from an argument, which the process list shows to
// every user. With both, the harness signs in at start. Build the popup first (`npm run build`).
// Started through preview.mjs, which has taken the token out of the environment already.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startHarness } from './harness-server';
import { harnessToken } from './harness-token';
import { harnessVault } from './harness-vault';

/** `environmentToken`: what PROXY_TRAY_TOKEN held when the process started. */
export async function runPreview(environmentToken: string | undefined): Promise<void> {
  const { values } = parseArgs({
    options: {
      'service-url': { type: 'string' },
      'token-stdin': { type: 'boolean' },
      'data-dir': { type: 'string' },
      port: { type: 'string' },
    },
  });
  const serviceUrl = values['service-url'] ?? process.env['PROXY_TRAY_SERVICE_URL'];
  const token = await harnessToken(environmentToken, process.stdin, values['token-stdin'] ?? false);
  const dataDir = values['data-dir'] ?? (await mkdtemp(join(tmpdir(), 'proxy-tray-preview-')));
  const vault = await harnessVault(dataDir);

  const harness = await startHarness({
    dataDir,
    vault: vault.vault,
    port: Number(values.port ?? 5199),
    ...(serviceUrl && token ? { signIn: { serviceUrl, token } } : {}),
  });
  // The only place the preview's key is written: for this user to open, in this terminal.
  console.log(`Proxy Tray popup: ${harness.url}`);
  console.log('The key in that address is what lets a browser in: keep it to yourself.');
  console.log(`Settings and labels in ${dataDir}; tokens ${vault.description}.`);
  if (serviceUrl && !token) console.log(`Sign in with the service URL ${serviceUrl}.`);
  console.log('Ctrl+C to stop.');

  const stop = () => void harness.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
