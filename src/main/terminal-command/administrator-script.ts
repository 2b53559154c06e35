import path from 'node:path';
import { quoteForPosixShell as shellQuote } from '../../shared/credentials/shell-quote';
import type { CommandLinkPlace } from './command-link-state';

/**
 * The shell commands an administrator runs when this user may not write the link's folder, and
 * the AppleScript that asks for the password. Paths hold spaces ("/Applications/Proxy Tray.app")
 * and may hold quotes: each is quoted for sh, and the whole command again for AppleScript.
 */

/**
 * Makes the folder, then the link, only where nothing or a link is: a file or a folder that is no
 * link is left alone, and the command fails. `ln -sfn` replaces a link without following it.
 */
export function installLinkCommand({ linkPath, targetPath }: CommandLinkPlace): string {
  const link = shellQuote(linkPath);
  return [
    `mkdir -p ${shellQuote(path.dirname(linkPath))}`,
    `{ [ ! -e ${link} ] || [ -L ${link} ]; }`,
    `ln -sfn ${shellQuote(targetPath)} ${link}`,
  ].join(' && ');
}

/** Removes the link only if it is one: never what it points at, never a file. */
export function removeLinkCommand({ linkPath }: Pick<CommandLinkPlace, 'linkPath'>): string {
  const link = shellQuote(linkPath);
  return `[ -L ${link} ] && rm -f ${link}`;
}

/** An AppleScript string literal: backslashes and double quotes escaped. */
export function appleScriptString(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** What `osascript -e` runs: macOS's own password prompt, then the command as root. */
export function administratorAppleScript(shellCommand: string, prompt: string): string {
  return `do shell script ${appleScriptString(shellCommand)} with prompt ${appleScriptString(prompt)} with administrator privileges`;
}
