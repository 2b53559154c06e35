import { describe, expect, it } from 'vitest';
import { runShell, scriptFile, standInEnvironment } from './shells';

const SCRIPT = scriptFile('zsh');

/**
 * Types LINE<TAB>, then puts `printf '<%s>' ` before it and `; print END` after it, into an interactive zsh (in zsh's own pseudo-terminal,
 * zpty) that loaded compinit and the script: the printed line shows each word as completed, one
 * `<word>` per argument, so a completed candidate with a space shows as one word.
 */
function completedWords(line: string, env = process.env): { words: string; screen: string } {
  const driver = `zmodload zsh/zpty
    zpty shell 'zsh -f -i'
    zpty -w shell "PS1='> '; bindkey -e; autoload -U compinit; compinit -u -D; source \${(q)1}"
    zpty -w -n shell "$2"$'\\t\\C-a'"printf '<%s>' "$'\\C-e'"; print \\\${:-EN}D"$'\\n'
    zpty -r -m shell screen '*END*'
    print -r -- "$screen"
    zpty -d shell`;
  const run = runShell('zsh', ['-f', '-c', driver, 'zsh', SCRIPT, line], env);
  const screen = run.stdout.replaceAll('\r', '');
  return { words: /(<proxy-tray>.*)END/.exec(screen)?.[1] ?? '', screen };
}

describe('zsh completes proxy-tray from the command table', () => {
  it('the script loads with compinit and registers _proxy_tray', () => {
    const run = runShell('zsh', [
      '-f',
      '-c',
      'autoload -U compinit; compinit -u -D; source "$1"; print -r -- $_comps[proxy-tray]',
      'zsh',
      SCRIPT,
    ]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('_proxy_tray\n');
  });

  it('a command name, a flag whose summary holds a colon, a choice value', () => {
    expect(completedWords('proxy-tray ro').words).toBe('<proxy-tray><rotation>');
    expect(completedWords('proxy-tray proxies --se').words).toBe('<proxy-tray><proxies><--search>');
    expect(completedWords('proxy-tray proxies --format ht').words).toBe(
      '<proxy-tray><proxies><--format><http-url>',
    );
  });

  it('the proxies the hidden command lists, a space and a colon kept in one word', () => {
    const env = standInEnvironment('proxies');
    expect(completedWords('proxy-tray get my', env).words).toBe('<proxy-tray><get><my proxy>');
    expect(completedWords('proxy-tray get 10.', env).words).toBe(
      '<proxy-tray><get><10.0.0.1:8080>',
    );
  });

  it('a failing hidden command offers nothing and prints nothing', () => {
    const typed = completedWords('proxy-tray get a', standInEnvironment('failure'));
    expect(typed.words).toBe('<proxy-tray><get><a>');
    expect(typed.screen).not.toContain('sign-in needed');
  });
});
