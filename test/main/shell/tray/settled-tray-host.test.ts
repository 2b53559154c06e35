import { describe, expect, it } from 'vitest';
import {
  LOGIN_TRAY_HOST_GAP_MS,
  LOGIN_TRAY_HOST_TRIES,
  settledTrayHost,
} from '../../../../src/main/shell/tray/settled-tray-host';
import type { TrayHostPresence } from '../../../../src/main/shell/tray/tray-host-probe';

/** A probe answering in turn, and a sleep that records instead of waiting. */
function scripted(answers: TrayHostPresence[]) {
  const asked: number[] = [];
  const slept: number[] = [];
  return {
    asked,
    slept,
    probe: async () => {
      asked.push(asked.length);
      return answers[Math.min(asked.length - 1, answers.length - 1)] ?? 'unknown';
    },
    sleep: async (ms: number) => {
      slept.push(ms);
    },
  };
}

describe('settledTrayHost', () => {
  it('asks once when the user started the app', async () => {
    const run = scripted(['missing', 'present']);
    expect(await settledTrayHost({ ...run, launchedAtLogin: false })).toBe('missing');
    expect(run.asked).toHaveLength(1);
    expect(run.slept).toEqual([]);
  });

  it('at login, waits for a panel that registers its tray host late', async () => {
    const run = scripted(['missing', 'unknown', 'present', 'missing']);
    expect(await settledTrayHost({ ...run, launchedAtLogin: true })).toBe('present');
    expect(run.asked).toHaveLength(3);
    expect(run.slept).toEqual([LOGIN_TRAY_HOST_GAP_MS, LOGIN_TRAY_HOST_GAP_MS]);
  });

  it('at login, gives up after its tries with the last answer', async () => {
    const run = scripted(['missing']);
    expect(await settledTrayHost({ ...run, launchedAtLogin: true })).toBe('missing');
    expect(run.asked).toHaveLength(LOGIN_TRAY_HOST_TRIES);
    expect(run.slept).toHaveLength(LOGIN_TRAY_HOST_TRIES - 1);
  });

  it('at login, stops at the first "present"', async () => {
    const run = scripted(['present']);
    expect(await settledTrayHost({ ...run, launchedAtLogin: true })).toBe('present');
    expect(run.asked).toHaveLength(1);
  });
});
