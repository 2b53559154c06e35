import { execFile } from 'node:child_process';
import { administratorAppleScript } from './administrator-script';

/** The user closed macOS's password prompt: nothing ran, and nothing is wrong. */
export class AdministratorCancelledError extends Error {
  override readonly name = 'AdministratorCancelledError';
  constructor() {
    super('The administrator password was not given.');
  }
}

/** Runs a shell command as root, after the password prompt; rejects with what went wrong. */
export type RunAsAdministrator = (shellCommand: string) => Promise<void>;

const PROMPT = 'Proxy Tray wants to change the proxy-tray command in /usr/local/bin.';

/** macOS: `osascript`'s `do shell script … with administrator privileges`. */
export const runWithOsascript: RunAsAdministrator = (shellCommand) =>
  new Promise((resolve, reject) => {
    const script = administratorAppleScript(shellCommand, PROMPT);
    execFile('/usr/bin/osascript', ['-e', script], (error, _stdout, stderr) => {
      if (!error) resolve();
      else reject(administratorFailure(stderr));
    });
  });

/**
 * osascript's complaint as an error: "User canceled. (-128)" is the prompt closed; anything else
 * ("… The command exited with a non-zero status. (1)") is said as it is, without the prefix.
 */
export function administratorFailure(stderr: string): Error {
  if (/\(-128\)\s*$/.test(stderr.trim())) return new AdministratorCancelledError();
  const said = stderr
    .trim()
    .replace(/^\d+:\d+: execution error: /, '')
    .replace(/\s*\(-?\d+\)$/, '');
  return new Error(said === '' ? 'The administrator command failed.' : said);
}
