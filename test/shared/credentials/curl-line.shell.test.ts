import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURL_CHECK_URL,
  formatCredentials,
  quoteForPosixShell,
} from '../../../src/shared/credentials';
import { credentialText, hostChoice, proxyCredentials } from './arbitraries';
import { awkwardProxy } from './samples';

// Each run starts a real POSIX shell, so the runs are few; the URL encoding has its own 10,000.
const SHELL_RUNS = 200;

/**
 * What a POSIX shell prints running `script`: `sh` from PATH (/bin/sh; Git's sh.exe on Windows),
 * the script on stdin so that no command-line quoting of the host OS stands between.
 */
function runInShell(script: string): string {
  return execFileSync('sh', ['-s'], { input: script, encoding: 'utf8' });
}

/** The words a POSIX shell hands to `curl` when it runs `line` (curl itself is never run). */
function wordsTheShellPassesToCurl(line: string): string[] {
  const output = runInShell(`curl() { printf '%s\\0' "$@"; }\n${line}\n`);
  return output.split('\0').slice(0, -1);
}

/** The words a POSIX shell makes of `words`, each quoted and joined with spaces. */
function wordsAfterQuoting(words: string[]): string[] {
  const script = `printf '%s\\0' ${words.map(quoteForPosixShell).join(' ')}`;
  return runInShell(`${script}\n`).split('\0').slice(0, -1);
}

describe('the curl line', () => {
  it('hands curl -x, the proxy URL intact, and the check URL', () => {
    fc.assert(
      fc.property(proxyCredentials, hostChoice, (proxy, choice) => {
        const line = formatCredentials(proxy, { format: 'curl', hostChoice: choice });
        const proxyUrl = formatCredentials(proxy, { format: 'http-url', hostChoice: choice });
        expect(wordsTheShellPassesToCurl(line)).toEqual(['-x', proxyUrl, CURL_CHECK_URL]);
      }),
      { numRuns: SHELL_RUNS },
    );
  });

  it("keeps a password with ' $ ! and spaces intact", () => {
    const line = formatCredentials(awkwardProxy, { format: 'curl', hostChoice: 'ipv6' });
    const [, proxyUrl] = wordsTheShellPassesToCurl(line);
    const url = new URL(proxyUrl ?? '');
    expect(decodeURIComponent(url.password)).toBe(awkwardProxy.password);
    expect(decodeURIComponent(url.username)).toBe(awkwardProxy.username);
    expect(url.host).toBe('[2001:db8::1]:8080');
  });
});

describe('quoteForPosixShell', () => {
  it.each(["it's", '$HOME', '!!', '`id`', 'a b\tc\nd', '\\', '', "''", '"$(id)"'])(
    'keeps %j one word, unexpanded',
    (word) => {
      expect(wordsAfterQuoting([word, 'after'])).toEqual([word, 'after']);
    },
  );

  it('keeps any text one word, unexpanded', () => {
    // A shell argument cannot hold NUL; everything else must come back as it went in.
    const word = credentialText.filter((text) => !text.includes('\0'));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        expect(wordsAfterQuoting(words)).toEqual(words);
      }),
      { numRuns: SHELL_RUNS },
    );
  });
});
