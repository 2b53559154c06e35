import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandKeyFile } from '../../../src/main/command-line/command-key';
import { commandSocketPathHere } from '../../../src/main/command-line/own-data-folder';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { runCli } from '../support/cli-process';
import { useAppAndCli } from './app-and-cli';

const api = useApiServer();
const app = useAppAndCli(api);

/**
 * What another user who made the pipe's name first on Windows would run (a socket here, the same
 * handshake): it says Proxy Tray's hello with access on, and a proof it cannot have made, and
 * records every line it is sent.
 */
async function impostor(
  socketPath: string,
): Promise<{ received: () => string[]; close: () => Promise<void> }> {
  await mkdir(dirname(socketPath), { recursive: true, mode: 0o700 });
  let received = '';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      if (received === '') {
        const hello = { proxyTray: 1, owner: 'app', pid: 1, access: true, proof: 'e'.repeat(64) };
        socket.write(`${JSON.stringify(hello)}\n`);
      }
      received += chunk.toString('utf8');
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    received: () => received.split('\n').filter(Boolean),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(process.platform !== 'win32')('proxy-tray and a process posing as the app', () => {
  it('refuses it (exit 1) saying so, and sends it nothing but the challenge', async () => {
    const place = app.place();
    const socketPath = commandSocketPathHere(place.dataDir);
    const squatter = await impostor(socketPath);
    try {
      const run = await runCli(['get', 'any-proxy', '--field', 'password'], { env: place.env });
      expect(run).toEqual({
        code: 1,
        signal: null,
        stdout: '',
        stderr: `proxy-tray: The process at ${socketPath} is not Proxy Tray: it cannot prove it knows this computer's command-line key (${commandKeyFile(place.dataDir)}). Another user may be holding the socket's name.\n`,
      });
      expect(squatter.received()).toHaveLength(1);
      expect(JSON.parse(squatter.received()[0] ?? '')).toEqual({
        proxyTray: 1,
        challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    } finally {
      await squatter.close();
    }
  });

  it('refuses a key file others can read (exit 1), naming it, and serves nothing', async () => {
    const place = app.place();
    const keyFile = commandKeyFile(place.dataDir);
    await mkdir(place.dataDir, { recursive: true, mode: 0o700 });
    await writeFile(keyFile, `${'5'.repeat(64)}\n`);
    await chmod(keyFile, 0o640);
    const run = await runCli(['plans'], { env: place.env });
    expect(run).toEqual({
      code: 1,
      signal: null,
      stdout: '',
      stderr: `proxy-tray: Proxy Tray's command-line key ${keyFile} can be read by other users (mode 640): remove it, and Proxy Tray makes a new one.\n`,
    });
    expect(existsSync(commandSocketPathHere(place.dataDir))).toBe(false);
  });
});
