import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateFolder, privacyProblem, PRIVATE_FILE_MODE } from '../store/private-files';

/**
 * The command-line key: 32 random bytes only this user can read, in the data folder. The process
 * that serves the command socket proves it knows them before the command line sends it anything
 * (command-proof.ts): a pipe's name is open to every user on Windows, so another user could hold
 * it first and pose as Proxy Tray, and only the key tells Proxy Tray from that impostor.
 *
 * On Unix the file is checked as the socket's folder is (socket-folder.ts). On Windows the data
 * folder lies under %APPDATA%, in the user's profile, whose inherited ACLs let only this user in.
 */
export const COMMAND_KEY_FILE_NAME = 'command-line.key';

const KEY_BYTES = 32;
const KEY_TEXT = /^([0-9a-f]{64})\n?$/;
/**
 * A key, its newline and one byte more: whatever else was put in the file, no more is read, and
 * that byte is enough to tell a longer file from a key.
 */
const KEY_READ_BYTES = KEY_BYTES * 2 + 2;

export function commandKeyFile(dataDir: string): string {
  return path.join(dataDir, COMMAND_KEY_FILE_NAME);
}

/** The key in `file`, made on first need by whichever side (app or command line) needs it first. */
export function readOrCreateCommandKey(file: string, platform = process.platform): Buffer {
  const key = readKey(file, platform) ?? createKey(file) ?? readKey(file, platform);
  if (!key) throw keyError(file, 'vanished as it was made: try again.');
  return key;
}

/**
 * Writes a new key under a name of its own, then hard-links it to the shared name, which fails if
 * that name exists: the other side never reads a key half written. Undefined when one exists.
 */
function createKey(file: string): Buffer | undefined {
  const key = randomBytes(KEY_BYTES);
  const own = `${file}.${randomBytes(3).toString('hex')}`;
  try {
    makePrivateFolder(path.dirname(file));
    fs.writeFileSync(own, `${key.toString('hex')}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    fs.linkSync(own, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw keyError(file, `could not be made (${describe(error)})`);
  } finally {
    fs.rmSync(own, { force: true });
  }
}

/** The key in `file`, undefined when there is none yet; a thrown sentence when it is not fit. */
function readKey(file: string, platform: NodeJS.Platform): Buffer | undefined {
  let fd: number;
  try {
    // No following a link: what is checked below is the file that is read.
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw keyError(file, `is a symbolic link: ${REMOVE}`);
    }
    throw keyError(file, `could not be read (${describe(error)})`);
  }
  try {
    const stat = fs.fstatSync(fd);
    const problem =
      platform === 'win32' ? undefined : privacyProblem(stat, process.getuid?.() ?? -1, 'file');
    if (problem) throw keyError(file, `${problem}: ${REMOVE}`);
    const start = Buffer.alloc(KEY_READ_BYTES);
    const length = fs.readSync(fd, start, 0, start.length, 0);
    const match = KEY_TEXT.exec(start.subarray(0, length).toString());
    if (!match?.[1]) throw keyError(file, `is not a key: ${REMOVE}`);
    return Buffer.from(match[1], 'hex');
  } finally {
    fs.closeSync(fd);
  }
}

const REMOVE = 'remove it, and Proxy Tray makes a new one.';

/** A key file that cannot be used: its message names the file and what to do, for the user. */
export class CommandKeyError extends Error {
  constructor(file: string, problem: string) {
    super(`Proxy Tray's command-line key ${file} ${problem}`);
    this.name = 'CommandKeyError';
  }
}

function keyError(file: string, problem: string): Error {
  return new CommandKeyError(file, problem);
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? (error instanceof Error ? error.message : String(error));
}
