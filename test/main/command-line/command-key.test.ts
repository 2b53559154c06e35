import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectToOwner } from '../../../src/main/command-line/command-client';
import {
  CommandKeyError,
  commandKeyFile,
  readOrCreateCommandKey,
} from '../../../src/main/command-line/command-key';
import { ownedAt, serveAt, useSocketPlace } from './socket-place';

const place = useSocketPlace('pt-key-');

/** A good key, as a file elsewhere: what a symbolic link in the data folder points to. */
function keyElsewhere(): string {
  const other = path.join(place.base, 'other.key');
  fs.writeFileSync(other, `${'1'.repeat(64)}\n`, { mode: 0o600 });
  return other;
}

describe.runIf(process.platform !== 'win32')('the command-line key file', () => {
  it('is made once, 0600, in the data folder, then reused: no temp file left', () => {
    expect(place.keyFile).toBe(path.join(place.dataDir, 'command-line.key'));
    const made = readOrCreateCommandKey(place.keyFile);
    expect(made).toHaveLength(32);
    expect(fs.lstatSync(place.keyFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(place.keyFile, 'utf8')).toBe(`${made.toString('hex')}\n`);
    expect(readOrCreateCommandKey(place.keyFile)).toEqual(made);
    expect(fs.readdirSync(place.dataDir)).toEqual(['command-line.key']);
  });

  it('made by the server, read by the client; made by the client, read by the server', async () => {
    // The server first: it makes the key, the client's check passes with it.
    const served = await ownedAt(place);
    const made = fs.readFileSync(place.keyFile, 'utf8');
    const connection = await connectToOwner(place.socketPath, {
      timeoutMs: 5_000,
      keyFile: place.keyFile,
    });
    connection?.close();
    expect(connection?.hello.owner).toBe('app');
    expect(fs.readFileSync(place.keyFile, 'utf8')).toBe(made);
    await served.close();

    // The client first (a squatter answered it, say): the server then proves the client's key.
    fs.rmSync(place.dataDir, { recursive: true });
    const client = readOrCreateCommandKey(place.keyFile);
    await ownedAt(place);
    const second = await connectToOwner(place.socketPath, {
      timeoutMs: 5_000,
      keyFile: place.keyFile,
    });
    second?.close();
    expect(second?.hello.owner).toBe('app');
    expect(fs.readFileSync(place.keyFile, 'utf8')).toBe(`${client.toString('hex')}\n`);
  });

  it('refuses a symbolic link, even to a good key, and serves nothing', async () => {
    fs.mkdirSync(place.dataDir, { mode: 0o700 });
    fs.symlinkSync(keyElsewhere(), place.keyFile);
    const refusal = `Proxy Tray's command-line key ${place.keyFile} is a symbolic link: remove it, and Proxy Tray makes a new one.`;
    expect(() => readOrCreateCommandKey(place.keyFile)).toThrow(refusal);
    await expect(serveAt(place)).rejects.toThrow(refusal);
    expect(fs.existsSync(place.socketPath)).toBe(false);
  });

  it('refuses a key others can read, and leaves its mode alone', () => {
    fs.mkdirSync(place.dataDir, { mode: 0o700 });
    for (const mode of [0o640, 0o604, 0o660]) {
      fs.writeFileSync(place.keyFile, `${'2'.repeat(64)}\n`);
      fs.chmodSync(place.keyFile, mode);
      expect(() => readOrCreateCommandKey(place.keyFile)).toThrow(
        `Proxy Tray's command-line key ${place.keyFile} can be read by other users (mode ${mode.toString(8)}): remove it, and Proxy Tray makes a new one.`,
      );
      expect(fs.lstatSync(place.keyFile).mode & 0o777).toBe(mode);
    }
  });

  it('refuses what is not a key: a plain error naming the file, never a crash', () => {
    fs.mkdirSync(place.dataDir, { mode: 0o700 });
    const notKeys = ['', 'hello\n', `${'A'.repeat(64)}\n`, `${'3'.repeat(63)}\n`, '4'.repeat(2000)];
    for (const text of notKeys) {
      fs.writeFileSync(place.keyFile, text, { mode: 0o600 });
      expect(() => readOrCreateCommandKey(place.keyFile)).toThrow(
        `Proxy Tray's command-line key ${place.keyFile} is not a key: remove it, and Proxy Tray makes a new one.`,
      );
    }
    fs.rmSync(place.keyFile);
    fs.mkdirSync(place.keyFile, { mode: 0o700 });
    expect(() => readOrCreateCommandKey(place.keyFile)).toThrow(
      `Proxy Tray's command-line key ${place.keyFile} is not a file: remove it, and Proxy Tray makes a new one.`,
    );
  });

  it('takes a key with or without its newline, and nothing before or after it', () => {
    fs.mkdirSync(place.dataDir, { mode: 0o700 });
    const hex = 'ab'.repeat(32);
    fs.writeFileSync(place.keyFile, hex, { mode: 0o600 });
    expect(readOrCreateCommandKey(place.keyFile).toString('hex')).toBe(hex);
    for (const text of [`x${hex}\n`, `${hex}\nmore`, `${hex}\n\n`, ` ${hex}`]) {
      fs.writeFileSync(place.keyFile, text, { mode: 0o600 });
      expect(() => readOrCreateCommandKey(place.keyFile), JSON.stringify(text)).toThrow(
        'is not a key',
      );
    }
  });

  it('says why a key could not be read, as a CommandKeyError naming the file', () => {
    // The data folder's place taken by a file: the key's path leads nowhere.
    fs.writeFileSync(place.dataDir, 'not a folder');
    let thrown: unknown;
    try {
      readOrCreateCommandKey(place.keyFile);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CommandKeyError);
    expect(thrown).toMatchObject({
      name: 'CommandKeyError',
      message: `Proxy Tray's command-line key ${place.keyFile} could not be read (ENOTDIR)`,
    });
  });

  it('says why a key could not be made, leaving nothing half made', () => {
    // The data folder's parent, a link to nowhere: the folder cannot be made.
    fs.symlinkSync(path.join(place.base, 'nowhere'), path.join(place.base, 'gone'));
    const unreachable = commandKeyFile(path.join(place.base, 'gone', 'data'));
    expect(() => readOrCreateCommandKey(unreachable)).toThrow(
      new CommandKeyError(unreachable, 'could not be made (ENOENT)'),
    );
    expect(fs.existsSync(path.join(place.base, 'nowhere'))).toBe(false);
  });

  it.runIf(process.getuid?.() === 0)('refuses a key that belongs to another user', () => {
    fs.mkdirSync(place.dataDir, { mode: 0o700 });
    fs.writeFileSync(place.keyFile, `${'5'.repeat(64)}\n`, { mode: 0o600 });
    fs.chownSync(place.keyFile, 12345, 12345);
    expect(() => readOrCreateCommandKey(place.keyFile)).toThrow(
      `Proxy Tray's command-line key ${place.keyFile} belongs to another user: remove it, and Proxy Tray makes a new one.`,
    );
  });

  it('reads no mode bits on Windows, where the profile folder keeps other users out', () => {
    fs.mkdirSync(place.dataDir, { mode: 0o700 });
    fs.writeFileSync(place.keyFile, `${'6'.repeat(64)}\n`, { mode: 0o644 });
    fs.chmodSync(place.keyFile, 0o644);
    expect(readOrCreateCommandKey(place.keyFile, 'win32').toString('hex')).toBe('6'.repeat(64));
    expect(() => readOrCreateCommandKey(place.keyFile, 'linux')).toThrow(
      'can be read by other users',
    );
  });

  it('the client with an unfit key sends nothing, not even a challenge', async () => {
    fs.mkdirSync(path.dirname(place.socketPath), { mode: 0o700 });
    let connected = 0;
    const server = net.createServer((socket) => {
      connected += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(place.socketPath, resolve));
    place.cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    fs.mkdirSync(place.dataDir, { mode: 0o700 });
    fs.symlinkSync(keyElsewhere(), place.keyFile);
    await expect(
      connectToOwner(place.socketPath, { timeoutMs: 5_000, keyFile: place.keyFile }),
    ).rejects.toThrow(/is a symbolic link/);
    expect(connected).toBe(0);
  });
});
