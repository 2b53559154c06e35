// `npm run preview`: the popup in a browser, over the real main-process services.
//   npm run preview -- [--service-url URL] [--token TOKEN] [--data-dir DIR] [--port N]
// The service URL and token may also come from PROXY_TRAY_SERVICE_URL and PROXY_TRAY_TOKEN; with
// both, the harness signs in at start. Build the popup first (`npm run build`).

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startHarness } from './harness-server';
import { harnessVault } from './harness-vault';

const { values } = parseArgs({
  options: {
    'service-url': { type: 'string' },
    token: { type: 'string' },
    'data-dir': { type: 'string' },
    port: { type: 'string' },
  },
});
const serviceUrl = values['service-url'] ?? process.env['PROXY_TRAY_SERVICE_URL'];
const token = values.token ?? process.env['PROXY_TRAY_TOKEN'];
const dataDir = values['data-dir'] ?? (await mkdtemp(join(tmpdir(), 'proxy-tray-preview-')));
const vault = await harnessVault(dataDir);

const harness = await startHarness({
  dataDir,
  vault: vault.vault,
  port: Number(values.port ?? 5199),
  ...(serviceUrl && token ? { signIn: { serviceUrl, token } } : {}),
});
console.log(`Proxy Tray popup: ${harness.url}`);
console.log(`Settings and labels in ${dataDir}; tokens ${vault.description}.`);
if (serviceUrl && !token) console.log(`Sign in with the service URL ${serviceUrl}.`);
console.log('Ctrl+C to stop.');

const stop = () => void harness.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
