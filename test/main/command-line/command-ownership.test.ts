import { describe, expect, it } from 'vitest';
import type { Hello } from '../../../src/main/command-line/command-messages';
import {
  claimCommandSocket,
  DataFolderTakenError,
  takenMessage,
} from '../../../src/main/command-line/command-ownership';
import type { ServeCommandsOutcome } from '../../../src/main/command-line/command-server';

const commandLine: Hello = { proxyTray: 1, owner: 'command-line', pid: 4242, access: false };
const owner: ServeCommandsOutcome = { kind: 'owner', close: () => Promise.resolve() };

/** A clock that moves only when the claim sleeps, and a serve that is taken `taken` times. */
function scripted(taken: number) {
  let now = 0;
  const sleeps: number[] = [];
  let attempts = 0;
  return {
    sleeps,
    attempts: () => attempts,
    options: {
      serve: () => {
        attempts += 1;
        return Promise.resolve(
          attempts <= taken ? ({ kind: 'taken', owner: commandLine } as const) : owner,
        );
      },
      now: () => now,
      sleep: (ms: number) => {
        sleeps.push(ms);
        now += ms;
        return Promise.resolve();
      },
    },
  };
}

describe('claimCommandSocket', () => {
  it('owns the socket at once when nobody holds it', async () => {
    const script = scripted(0);
    expect(await claimCommandSocket(script.options)).toBe(owner);
    expect(script.sleeps).toEqual([]);
  });

  it('tries again every 500 ms while a command holds it, and owns it once it stops', async () => {
    const script = scripted(3);
    expect(await claimCommandSocket(script.options)).toBe(owner);
    expect(script.sleeps).toEqual([500, 500, 500]);
    expect(script.attempts()).toBe(4);
  });

  it('gives up at the deadline (30 s by default), naming the owner', async () => {
    const script = scripted(Infinity);
    const claim = claimCommandSocket(script.options);
    await expect(claim).rejects.toThrow(DataFolderTakenError);
    await expect(claim).rejects.toThrow(
      "The command line (pid 4242) is using Proxy Tray's data — a `proxy-tray port` in a terminal? Stop it, then start Proxy Tray again.",
    );
    // Attempts at 0, 0.5 s, … 30 s: the last one at the deadline itself.
    expect(script.attempts()).toBe(61);
    expect(script.sleeps.reduce((sum, ms) => sum + ms, 0)).toBe(30_000);
  });

  it('takes a shorter deadline and retry delay', async () => {
    const script = scripted(Infinity);
    await expect(
      claimCommandSocket({ ...script.options, deadlineMs: 1_000, retryMs: 250 }),
    ).rejects.toMatchObject({ owner: commandLine });
    expect(script.sleeps).toEqual([250, 250, 250, 250]);
  });
});

describe('takenMessage', () => {
  it('names an app that holds the data', () => {
    expect(takenMessage({ ...commandLine, owner: 'app', pid: 7 })).toBe(
      'Proxy Tray (pid 7) is already running with this data. Quit it, then start Proxy Tray again.',
    );
  });
});
