import { describe, expect, it } from 'vitest';
import { COPY_FORMAT_IDS } from '../../../src/shared/credentials/copy-formats';
import { runShell, scriptFile, standInEnvironment, STAND_IN_PROXIES } from './shells';
import type { ShellRun } from './shells';

const SCRIPT = scriptFile('bash');

/**
 * Completes a line as bash does on TAB at its end: the script sourced, COMP_* set, `_proxy_tray`
 * called; prints one candidate a line. `words` are the pieces readline splits the line into
 * (at spaces by default; it splits at ':' too).
 */
function complete(
  line: string,
  env = process.env,
  words = line.split(' '),
): ShellRun & { candidates: string[] } {
  const driver = `source "$1"; COMP_LINE=$2; COMP_POINT=\${#COMP_LINE}; shift 2
    COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1))
    _proxy_tray; ((\${#COMPREPLY[@]})) && printf '%s\\n' "\${COMPREPLY[@]}"; exit 0`;
  const run = runShell('bash', ['--norc', '-c', driver, 'bash', SCRIPT, line, ...words], env);
  return { ...run, candidates: run.stdout.split('\n').filter((candidate) => candidate !== '') };
}

describe('bash completes proxy-tray from the command table', () => {
  it('a command name', () => {
    expect(complete('proxy-tray ro').candidates).toEqual(['rotation']);
  });

  it("a command's flags", () => {
    expect(complete('proxy-tray proxies --fo').candidates).toEqual(['--format']);
    expect(complete('proxy-tray export -').candidates).toEqual(
      expect.arrayContaining(['--kind', '--output', '-o', '--account', '--json']),
    );
  });

  it("a choice flag's values: every copy format, the export kinds", () => {
    expect(complete('proxy-tray proxies --format ').candidates).toEqual([...COPY_FORMAT_IDS]);
    expect(complete('proxy-tray export --plan x --kind c').candidates).toEqual([
      'csv',
      'csv-spreadsheet',
    ]);
  });

  it('choice arguments: on/off, then proxies for the rest; the shells', () => {
    expect(complete('proxy-tray rotation ').candidates).toEqual(['on', 'off']);
    expect(complete('proxy-tray completion ').candidates).toEqual(['bash', 'zsh', 'fish']);
  });

  it('the proxies the hidden command lists, each a whole word (a space escaped, a colon kept)', () => {
    const env = standInEnvironment('proxies');
    expect(complete('proxy-tray get ', env).candidates).toEqual([
      'alpha',
      'my\\ proxy',
      '10.0.0.1:8080',
    ]);
    expect(STAND_IN_PROXIES).toContain('my proxy');
    expect(complete('proxy-tray rotation on alpha ', env).candidates).toHaveLength(3);
    const escapedSpace = ['proxy-tray', 'label', 'my\\ p'];
    expect(complete(escapedSpace.join(' '), env, escapedSpace).candidates).toEqual(['my\\ proxy']);
  });

  it('a host:port readline split at its colon: only the part after the colon is replaced', () => {
    const env = standInEnvironment('proxies');
    const line = 'proxy-tray get 10.0.0.1:80';
    expect(complete(line, env, ['proxy-tray', 'get', '10.0.0.1', ':', '80']).candidates).toEqual([
      '8080',
    ]);
  });

  it('a failing hidden command offers nothing and prints nothing', () => {
    const run = complete('proxy-tray get ', standInEnvironment('failure'));
    expect(run.candidates).toEqual([]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('file names for a file flag, nothing for free text', () => {
    expect(complete(`proxy-tray export -o ${SCRIPT.slice(0, -3)}`).candidates).toEqual([SCRIPT]);
    expect(complete('proxy-tray interval ').candidates).toEqual([]);
  });
});
