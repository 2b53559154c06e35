import type { Readable } from 'node:stream';
import { firstLineOf } from '../../src/cli/args/stdin-line';

/**
 * The access token the harness signs in with: what PROXY_TRAY_TOKEN held (preview.mjs takes it
 * out of the environment before anything starts), or — with `--token-stdin` — the first line of
 * stdin (`pass show proxy-tray | npm run preview -- --token-stdin`). Never from a command-line
 * argument: every user of the computer can read those in the process list.
 */
export async function harnessToken(
  environmentToken: string | undefined,
  stdin: Readable,
  fromStdin: boolean,
): Promise<string | undefined> {
  if (fromStdin) return firstLineOf(stdin);
  return environmentToken;
}
