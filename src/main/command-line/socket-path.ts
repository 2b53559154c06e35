import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';

/**
 * Where the command line finds the process that owns a data folder: one socket per data folder, in
 * a folder only the user can open (a Unix domain socket), or a named pipe on Windows. Never TCP:
 * any local user could reach a port.
 *
 * `PROXY_TRAY_RUNTIME_DIR` in `env`, when absolute, replaces the base folder on Unix (tests use a
 * short private tmp folder; the harness and the command line both read it here).
 */
export interface CommandSocketPlace {
  /** The data folder the socket stands for (resolved here, so `./data` and `data/` are one). */
  dataDir: string;
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** `process.getuid()`; unused on Windows. */
  uid: number;
  /** `os.tmpdir()`: per user on macOS. */
  tmpdir: string;
  /** `os.userInfo().username`: a pipe's name is seen by every user on Windows. */
  username: string;
  /**
   * Windows: the command-line key (command-key.ts), which only this user can read. A pipe's name is
   * open to every user, and another user who knew it in advance could create that pipe before the
   * app starts and keep the app from serving its data folder; a name made with the key cannot be
   * known in advance. Unused on Unix, where the socket's folder is private.
   */
  pipeKey: Buffer | undefined;
}

/** sun_path holds 104 bytes on macOS and 108 on Linux, its terminating NUL included. */
export const MAX_UNIX_SOCKET_PATH_BYTES = 100;

export function commandSocketPath(place: CommandSocketPlace): string {
  const pathOf = place.platform === 'win32' ? path.win32 : path.posix;
  const dataDir = pathOf.resolve(place.dataDir);
  if (place.platform === 'win32') {
    if (!place.pipeKey) throw new Error("A pipe's name is made with the command-line key.");
    // The pipe namespace is shared by every user: the user's name keeps two users' pipes apart.
    const name = createHmac('sha256', place.pipeKey)
      .update(`pipe\n${place.username}\n${dataDir}`)
      .digest('hex')
      .slice(0, 32);
    return `\\\\.\\pipe\\proxy-tray-${name}`;
  }
  const socket = pathOf.join(unixBaseFolder(place), `${shortHash(dataDir)}.sock`);
  const bytes = Buffer.byteLength(socket);
  if (bytes > MAX_UNIX_SOCKET_PATH_BYTES) {
    // A longer path would be cut by the kernel: the app and the command line would miss each other.
    throw new Error(
      `The command-line socket's path is ${bytes} bytes long, over the ${MAX_UNIX_SOCKET_PATH_BYTES} a socket allows: ${socket}. Set PROXY_TRAY_RUNTIME_DIR to a shorter folder.`,
    );
  }
  return socket;
}

function unixBaseFolder(place: CommandSocketPlace): string {
  const override = place.env.PROXY_TRAY_RUNTIME_DIR;
  if (override && path.posix.isAbsolute(override)) return override;
  // macOS: TMPDIR is per user (/var/folders/…), XDG_RUNTIME_DIR is not a thing there.
  if (place.platform === 'darwin') return path.posix.join(place.tmpdir, 'proxy-tray');
  const runtime = place.env.XDG_RUNTIME_DIR;
  // The XDG spec says to ignore a relative value.
  if (runtime && path.posix.isAbsolute(runtime)) return path.posix.join(runtime, 'proxy-tray');
  // As tmux does: a folder per user in /tmp, verified before use (socket-folder.ts).
  return `/tmp/proxy-tray-${place.uid}`;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
