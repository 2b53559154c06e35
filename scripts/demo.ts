// `npm run demo`: the reference service with a demo user, then the app pointed at it.
// Where the Electron binary is missing (our build machines), the service keeps running alone.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createApiServer } from '../test/api-server/server';

const DEMO_PORT = Number(process.env['PROXY_TRAY_DEMO_PORT'] ?? 8787);

/** Reads the electron package's own record of its binary, without triggering its download. */
function electronBinary(): string | undefined {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : undefined;
}

const server = await createApiServer({ port: DEMO_PORT, control: true });
const token = server.tokenFor('demo');
console.log(`Demo service: ${server.baseUrl}`);
console.log(`Demo user "demo", access token:\n${token}\n`);

const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

if (electronBinary()) {
  console.log('Starting Proxy Tray; sign in with the service URL and token above.');
  const app = spawn('npx', ['electron-vite', 'dev'], { stdio: 'inherit' });
  app.on('exit', stop);
} else {
  console.log(
    'The Electron binary is not installed here, so the app cannot open; the demo service keeps running.\n' +
      'Try it with curl (see README), or on a machine where npm can download Electron. Ctrl+C to stop.',
  );
}
