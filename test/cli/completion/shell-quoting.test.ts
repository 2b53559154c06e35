import { describe, expect, it } from 'vitest';
import {
  fishQuoted,
  posixQuoted,
  zshDescribeEntry,
} from '../../../src/cli/completion/shell-quoting';
import { runShell } from './shells';

/** Text that breaks naive quoting: quotes, colons, backslashes, expansions, globs, line breaks. */
const NASTY = [
  `it's "quoted"`,
  'a:b::c\\:d',
  '$(touch /tmp/owned) ${HOME} `id` $((1+1))',
  '(parens) [glob*] ? {a,b} ~ & ; | < > !',
  "back\\slash\\\\ and \\' end",
  'tab\there\nnew line',
  "''",
  '',
];

describe('text written into the scripts reads back exactly, never run', () => {
  it.each(NASTY)('bash and zsh read a posix-quoted %j back as it is', (text) => {
    for (const shell of ['bash', 'zsh'] as const) {
      const run = runShell(shell, ['-c', `printf %s ${posixQuoted(text)}`]);
      expect(run.stdout).toBe(text);
      expect(run.stderr).toBe('');
    }
  });

  it.each(NASTY)('fish reads a fish-quoted %j back as it is', (text) => {
    const run = runShell('fish', ['-c', `printf %s ${fishQuoted(text)}`]);
    expect(run.stdout).toBe(text);
    expect(run.stderr).toBe('');
  });

  it.each(NASTY)("zsh's _describe entry of %j splits at its separator only", (text) => {
    const run = runShell('zsh', [
      '-f',
      '-c',
      `printf %s ${zshDescribeEntry(text, `summary: ${text}`)}`,
    ]);
    // _describe splits at the first colon no backslash escapes, then drops the escapes.
    const separator = /^((?:\\.|[^\\:])*):/s.exec(run.stdout);
    expect(separator?.[1]?.replace(/\\(.)/gs, '$1')).toBe(text);
    expect(run.stdout.slice(separator?.[0].length)).toBe(`summary: ${text}`);
  });
});
