/** Why a browser could not be opened, for the UI to choose what to offer (the path setting, a retry). */
export type BrowserLaunchFailure =
  | 'invalid-proxy'
  | 'invalid-start-url'
  | 'not-found'
  | 'not-permitted'
  | 'start-failed'
  | 'profile-failed'
  | 'exited-at-once';

/**
 * A launch that failed, with the sentence the user reads. Messages are written here and nowhere
 * else, from the browser's path, the local port's address and the profile folder only: no
 * upstream credentials ever reach this module, and a rejected proxy address is never repeated
 * (it might hold a password the caller should not have passed).
 */
export class BrowserLaunchError extends Error {
  override readonly name = 'BrowserLaunchError';

  constructor(
    readonly failure: BrowserLaunchFailure,
    message: string,
  ) {
    super(message);
  }
}

export const browserLaunchErrors = {
  invalidProxy: () =>
    new BrowserLaunchError(
      'invalid-proxy',
      'The local proxy address must be http://127.0.0.1:PORT or socks5://127.0.0.1:PORT, without a username or password.',
    ),

  invalidStartUrl: () =>
    new BrowserLaunchError(
      'invalid-start-url',
      'The page to open first (the IP echo) is not an http:// or https:// address.',
    ),

  /** Node's spawn error, turned into what the user can act on. */
  spawnFailed: (browserPath: string, code: string | undefined) => {
    if (code === 'ENOENT') {
      return new BrowserLaunchError(
        'not-found',
        `No browser was found at ${browserPath}. Check the browser's path in Settings.`,
      );
    }
    if (code === 'EACCES' || code === 'EPERM') {
      return new BrowserLaunchError(
        'not-permitted',
        `The browser at ${browserPath} could not be started: it is not an executable file, or this account may not run it.`,
      );
    }
    return new BrowserLaunchError(
      'start-failed',
      `The browser at ${browserPath} could not be started${code ? ` (${code})` : ''}.`,
    );
  },

  /**
   * It started, then quit before it could be used: its exit, and its first stderr lines (what a
   * browser says about a bad flag, a missing display, a profile in use).
   */
  exitedAtOnce: (
    browserName: string,
    exit: { code: number | null; signal: NodeJS.Signals | null },
    stderrHead: readonly string[],
  ) => {
    const how =
      exit.code !== null ? `exit code ${exit.code}` : `ended by ${exit.signal ?? 'a signal'}`;
    const said = stderrHead.length > 0 ? ` It said: ${stderrHead.join(' / ')}` : '';
    return new BrowserLaunchError(
      'exited-at-once',
      `${browserName} exited at once (${how}).${said}`,
    );
  },

  profileFailed: (profileDir: string, code: string | undefined) =>
    new BrowserLaunchError(
      'profile-failed',
      `The browser's profile folder ${profileDir} could not be prepared${code ? ` (${code})` : ''}.`,
    ),
};

/** The `code` of a Node system error, if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
