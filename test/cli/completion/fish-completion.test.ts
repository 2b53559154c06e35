import { describe, expect, it } from 'vitest';
import { runShell, scriptFile, standInEnvironment } from './shells';

const SCRIPT = scriptFile('fish');

/** What fish offers for a line (`complete -C`), candidates without their descriptions. */
function complete(line: string, env = process.env): { candidates: string[]; stderr: string } {
  const run = runShell(
    'fish',
    ['--no-config', '-c', 'source $argv[1]; complete -C $argv[2]', SCRIPT, line],
    env,
  );
  const candidates = run.stdout
    .split('\n')
    .filter((row) => row !== '')
    .map((row) => row.split('\t')[0] ?? '');
  return { candidates, stderr: run.stderr };
}

describe('fish completes proxy-tray from the command table', () => {
  it('a command name, with its summary', () => {
    const run = runShell('fish', [
      '--no-config',
      '-c',
      'source $argv[1]; complete -C "proxy-tray rot"',
      SCRIPT,
    ]);
    expect(run.stdout).toBe('rotation\tturn rotation on or off\n');
  });

  it("a command's flags and a choice flag's values", () => {
    expect(complete('proxy-tray export --ki').candidates).toEqual(['--kind']);
    expect(complete('proxy-tray export --kind ').candidates.sort()).toEqual([
      'csv',
      'csv-spreadsheet',
      'json',
      'lines',
    ]);
  });

  it('on/off, then the proxies the hidden command lists, a space kept in one candidate', () => {
    const env = standInEnvironment('proxies');
    expect(complete('proxy-tray rotation ', env).candidates.sort()).toEqual(['off', 'on']);
    expect(complete('proxy-tray rotation on ', env).candidates.sort()).toEqual([
      '10.0.0.1:8080',
      'alpha',
      'my proxy',
    ]);
  });

  it('a failing hidden command offers nothing and prints nothing', () => {
    const run = complete('proxy-tray get ', standInEnvironment('failure'));
    expect(run.candidates).toEqual([]);
    expect(run.stderr).toBe('');
  });
});
