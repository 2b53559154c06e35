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

/**
 * macOS: `osascript`'s `do shell script … with administrator privileges`. The app runs the real
 * one; tests pass a stand-in, as running the real one would ask for a password.
 */
export function osascriptAdministrator(executable = '/usr/bin/osascript'): RunAsAdministrator {
  return (shellCommand) =>
    new Promise((resolve, reject) => {
      const script = administratorAppleScript(shellCommand, PROMPT);
      execFile(executable, ['-e', script], (error, _stdout, stderr) => {
        if (!error) resolve();
        else reject(administratorFailure(stderr));
      });
    });
}

/**
 * osascript's complaint as an error: "User canceled. (-128)" is the prompt closed; anything else
 * ("… The command exited with a non-zero status. (1)") is said as it is, without the prefix.
 */
export function administratorFailure(stderr: string): Error {
  const complaint = stderr.trim();
  if (/\(-128\)$/.test(complaint)) return new AdministratorCancelledError();
  const said = complaint.replace(/^\d+:\d+: execution error: /, '').replace(/\s*\(-?\d+\)$/, '');
  return new Error(said === '' ? 'The administrator command failed.' : said);
}
