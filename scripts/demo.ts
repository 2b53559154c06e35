// `npm run demo`: the reference service with a demo account, then the app pointed at it. The
// launcher (scripts/launcher/main.mjs) has prepared the checkout and built the popup first. Where the
// Electron binary is missing (our build machines), the popup opens in the browser harness instead,
// over the same main-process services, already signed in as the demo user.
// `npm run demo -- --dialect loose` serves the same data the way loose real providers write it.
// Settings, labels and alerts stay in one folder between runs (`--data-dir`, default
// ~/.proxy-tray-demo); `--fresh` starts it empty.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { API_DIALECTS, isApiDialect } from '../tools/reference-service/dialect';
import { createApiServer } from '../tools/reference-service/server';
import { makePrivateFolder } from '../src/main/store/private-files';
import { startHarness } from '../tools/preview/harness-server';
import { harnessVault } from '../tools/preview/harness-vault';
import { startEchoServer } from '../tools/local-network/echo-server';
import { startHttpProxyAccepting } from '../tools/local-network/proxy-servers';

const DEMO_PORT = Number(process.env['PROXY_TRAY_DEMO_PORT'] ?? 8787);
const PREVIEW_PORT = Number(process.env['PROXY_TRAY_PREVIEW_PORT'] ?? 5199);

/** Reads the electron package's own record of its binary, without triggering its download. */
function electronBinary(): string | undefined {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : undefined;
}

/** The demo's own data: never the installed app's, and kept between runs unless `--fresh`. */
const DEFAULT_DATA_DIR = join(homedir(), '.proxy-tray-demo');

const { values: flags } = parseArgs({
  options: {
    dialect: { type: 'string' },
    'data-dir': { type: 'string' },
    fresh: { type: 'boolean', default: false },
  },
});
if (flags.dialect !== undefined && !isApiDialect(flags.dialect)) {
  console.error(`--dialect must be one of ${API_DIALECTS.join(', ')}, got "${flags.dialect}"`);
  process.exit(1);
}
const dialect = flags.dialect;

const dataDir = resolve(flags['data-dir'] ?? DEFAULT_DATA_DIR);
if (flags.fresh) await rm(dataDir, { recursive: true, force: true });
// Its local-ports.json holds the ports' passwords: the folder is the user's alone (0700).
makePrivateFolder(dataDir);

/** A port another program holds is the commonest first-run failure: say which and how to move. */
async function listening<Server>(port: number, variable: string, start: () => Promise<Server>) {
  try {
    return await start();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.error(`Port ${port} is already in use: set ${variable} to another port.`);
    process.exit(1);
  }
}

// Without --dialect, createApiServer takes $PROXY_TRAY_API_DIALECT, else the spec's.
const server = await listening(DEMO_PORT, 'PROXY_TRAY_DEMO_PORT', () =>
  createApiServer({ port: DEMO_PORT, control: true, dialect }),
);
const token = server.tokenFor('demo');
console.log(`Demo service: ${server.baseUrl} (${server.dialect} dialect)`);
for (const broken of server.looseVariants.unreadableProxies('demo')) {
  console.log(
    `  Loose listing: "${broken.planName}" also lists proxy ${broken.proxyId} without a ${broken.field}`,
  );
}
console.log(`Demo user "demo", access token:\n${token}\n`);
// The control API (faults, tokens) answers whoever holds this run's key: printed here only.
console.log(
  `Its control API: ${server.url}/__control/ with the header X-Control-Key: ${server.controlKey}\n`,
);
const closers: (() => Promise<void>)[] = [() => server.close()];
let stopping = false;
// Ctrl+C reaches the demo more than once (from the terminal, and passed on by npm and the
// launcher): the first stops it, the others must not cut that short.
const stop = () => {
  if (stopping) return;
  stopping = true;
  void Promise.all(closers.map((close) => close())).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// The demo's addresses are documentation ones nobody answers at: one plan's proxies are pointed
// at a real proxy on this computer instead, so that "Check" has something to reach.
const echo = await startEchoServer();
const credentials = new Set(
  server.store
    .accounts()
    .flatMap((account) =>
      account.plans.flatMap((plan) => plan.proxies.map((p) => `${p.username}:${p.password}`)),
    ),
);
const localProxy = await startHttpProxyAccepting((pair) => credentials.has(pair));
closers.push(
  () => echo.close(),
  () => localProxy.close(),
);
const checkablePlan = server.store.account('demo')?.plans.find((plan) => !plan.is_blocked);
for (const proxy of checkablePlan?.proxies ?? []) {
  Object.assign(proxy, {
    ip: '127.0.0.1',
    port: localProxy.port,
    assigned_proxy_ipv4: '127.0.0.1',
  });
}
const echoUrl = echo.url('/');
console.log(
  `Local proxy for checks: ${checkablePlan?.name} now points at 127.0.0.1:${localProxy.port};` +
    ` IP echo for Settings → Proxy check: ${echoUrl}\n`,
);

if (electronBinary()) {
  console.log('Starting Proxy Tray; sign in with the service URL and token above.');
  console.log(
    `Its settings, labels and alerts: ${dataDir} (kept between runs; --fresh empties it).`,
  );
  spawn('npx', ['electron-vite', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, PROXY_TRAY_DATA_DIR: dataDir },
  }).on('exit', stop);
} else {
  console.log(
    'The Electron binary is not installed here: opening the popup in the browser harness.',
  );
  const vault = await harnessVault(dataDir);
  const harness = await listening(PREVIEW_PORT, 'PROXY_TRAY_PREVIEW_PORT', () =>
    startHarness({
      dataDir,
      vault: vault.vault,
      port: PREVIEW_PORT,
      signIn: { serviceUrl: server.baseUrl, token },
      // The demo's IP echo is on this computer: a browser opened through a local port must
      // send it through the port too (browsers skip proxies for loopback pages by default).
      browserLaunch: { proxyLoopback: true },
    }),
  );
  console.log(
    `Settings, labels and alerts in ${dataDir} (kept between runs; --fresh empties it); tokens ${vault.description}.`,
  );
  // The demo's own data dir: its checks go to the local echo rather than a public one.
  harness.services.settings.update({ checkEchoUrl: echoUrl });
  closers.unshift(() => harness.close());
  // The only place the preview's key is written: for this user to open, in this terminal.
  console.log(`\nProxy Tray popup: ${harness.url}  (open it in a browser; Ctrl+C to stop)`);
  console.log('The key in that address is what lets a browser in: keep it to yourself.');
}
