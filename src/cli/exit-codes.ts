/**
 * How `proxy-tray` ends, for scripts to branch on (documented in the README; kept stable).
 * 3 is left unused on purpose: it is what many tools mean by "not found", which here is 1 or 2.
 */
export const EXIT = {
  /** Done. */
  done: 0,
  /** Failed: the service, the network, the keychain, or some of the items (which, on stderr). */
  failed: 1,
  /** The command line itself is wrong: an unknown flag, a missing argument, an ambiguous proxy. */
  usage: 2,
  /** Sign in first: no account, or its token was rejected or has expired. */
  signIn: 4,
  /** Stopped by Ctrl+C or SIGTERM before it was done (128 + SIGINT, as shells report it). */
  stopped: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
