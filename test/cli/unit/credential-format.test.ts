import { describe, expect, it } from 'vitest';
import { credentialFormatOf } from '../../../src/cli/args/credential-format';
import { parseCommandLine } from '../../../src/cli/args/parse-command-line';
import { EXIT } from '../../../src/cli/exit-codes';
import { failureMessageOf } from './failure-of';

const formatOf = (...flags: string[]) =>
  credentialFormatOf(parseCommandLine(['proxies', ...flags]));

const usageMessage = (run: () => unknown) => failureMessageOf(run, EXIT.usage);

describe('--format and --host', () => {
  it('are nothing when neither is given: each command picks its default', () => {
    expect(formatOf()).toBeUndefined();
  });

  it('take every copy format of the popup, custom included', () => {
    expect(formatOf('--format', 'socks5-url')).toStrictEqual({ format: 'socks5-url' });
    expect(formatOf('--format', 'custom')).toEqual({ format: 'custom' });
  });

  it('take a template of this call, checked by the popup rules', () => {
    expect(formatOf('--format', '{ip}:{port}')).toStrictEqual({ template: '{ip}:{port}' });
    expect(usageMessage(() => formatOf('--format', '{ip}:{nope}'))).toMatch(/^--format: .*nope/);
  });

  it('with --host alone write the pipe default from that address', () => {
    expect(formatOf('--host', 'ipv6')).toEqual({ format: 'ip-port-user-pass', hostChoice: 'ipv6' });
    expect(formatOf('--format', 'http-url', '--host', 'ipv4')).toEqual({
      format: 'http-url',
      hostChoice: 'ipv4',
    });
  });

  it('refuse what is neither, saying what is taken', () => {
    expect(usageMessage(() => formatOf('--format', 'xml'))).toContain(
      'ip-port-user-pass, user-pass-at-ip-port',
    );
    expect(usageMessage(() => formatOf('--host', 'exit'))).toBe(
      '--host takes entry, ipv4, ipv6; "exit" is none of them.',
    );
  });
});
