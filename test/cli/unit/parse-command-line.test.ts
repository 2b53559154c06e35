import { describe, expect, it } from 'vitest';
import {
  parseCommandLine,
  positionalsOf,
  switchFlag,
  textFlag,
  usageOf,
} from '../../../src/cli/args/parse-command-line';
import { COMMANDS, commandNamed } from '../../../src/cli/commands/command-table';
import { EXIT } from '../../../src/cli/exit-codes';
import { failureMessageOf } from './failure-of';

function spec(name: string) {
  const found = commandNamed(name);
  if (!found) throw new Error(`no command ${name}`);
  return found;
}

const usageErrorOf = (run: () => unknown) => failureMessageOf(run, EXIT.usage);

describe('the command line as typed', () => {
  it('reads the command, its arguments and its flags, global flags anywhere', () => {
    const line = parseCommandLine(['--json', 'proxies', '--plan', 'DE 1', '--format', 'http-url']);
    expect(line.command?.name).toBe('proxies');
    expect(textFlag(line, 'plan')).toBe('DE 1');
    expect(textFlag(line, 'format')).toBe('http-url');
    expect(switchFlag(line, 'json')).toBe(true);
    expect(switchFlag(line, 'help')).toBe(false);
    expect(textFlag(line, 'json')).toBeUndefined();
  });

  it('takes short flags and `--` before an argument that starts with a dash', () => {
    const exported = parseCommandLine(['export', '-o', 'out.txt']);
    expect(textFlag(exported, 'output')).toBe('out.txt');
    const labelled = parseCommandLine(['label', '12', '--', '-new-']);
    expect(positionalsOf(labelled)).toEqual(['12', '-new-']);
  });

  it('has no command for a bare --version or --help', () => {
    expect(parseCommandLine(['--version']).command).toBeUndefined();
    expect(parseCommandLine(['-V']).flags['version']).toBe(true);
    expect(parseCommandLine(['-h']).flags['help']).toBe(true);
  });

  it('refuses an unknown command, an unknown flag and a flag of another command, by name', () => {
    expect(usageErrorOf(() => parseCommandLine(['proxys']))).toContain('"proxys" is not a command');
    expect(usageErrorOf(() => parseCommandLine(['proxies', '--bogus']))).toContain("'--bogus'");
    expect(usageErrorOf(() => parseCommandLine(['proxies', '--kind', 'csv']))).toBe(
      '--kind is not an option of "proxies". See: proxy-tray proxies --help',
    );
    expect(usageErrorOf(() => parseCommandLine(['--plan', 'x']))).toContain(
      '--plan needs a command',
    );
  });

  it("words Node's refusals without their advice on `--`", () => {
    expect(usageErrorOf(() => parseCommandLine(['label', '1', '-x']))).toBe("Unknown option '-x'.");
  });

  it('takes the arguments as they are when there is no command', () => {
    expect(positionalsOf({ command: undefined, positionals: ['a'], flags: {} })).toEqual(['a']);
  });

  it('refuses a flag without its value and a value given to a switch', () => {
    expect(usageErrorOf(() => parseCommandLine(['proxies', '--plan']))).toContain('--plan');
    expect(usageErrorOf(() => parseCommandLine(['proxies', '--json=yes']))).toContain('--json');
  });

  it('counts the arguments: a missing one is named, one too many is shown', () => {
    expect(usageErrorOf(() => positionalsOf(parseCommandLine(['label', '12'])))).toBe(
      'TEXT is missing. Usage: proxy-tray label PROXY TEXT',
    );
    expect(usageErrorOf(() => positionalsOf(parseCommandLine(['get', '1', '2'])))).toContain(
      '"2" is one argument too many. Usage: proxy-tray get PROXY',
    );
    // PROXY... takes every remaining argument; check's are optional.
    expect(positionalsOf(parseCommandLine(['rotation', 'on', '1', '2', '3']))).toEqual([
      'on',
      '1',
      '2',
      '3',
    ]);
    expect(positionalsOf(parseCommandLine(['check']))).toEqual([]);
    expect(usageErrorOf(() => positionalsOf(parseCommandLine(['rotation', 'on'])))).toContain(
      'PROXY is missing',
    );
  });

  it('writes each usage from the table', () => {
    expect(usageOf(spec('get'))).toBe(
      'get PROXY [--field FIELD] [--format FORMAT] [--host entry|ipv4|ipv6]',
    );
    expect(usageOf(spec('check'))).toBe('check [PROXY...] [--plan ID|NAME]');
    // A switch takes no value.
    expect(usageOf(spec('login'))).toBe('login [--service-url URL] [--token-stdin]');
  });

  it('gives every flag one meaning: a name takes a value in every command or in none', () => {
    const kinds = new Map<string, boolean>();
    for (const flag of COMMANDS.flatMap((command) => command.flags)) {
      const takesValue = flag.value !== undefined;
      expect(kinds.get(flag.name) ?? takesValue).toBe(takesValue);
      kinds.set(flag.name, takesValue);
    }
  });
});
