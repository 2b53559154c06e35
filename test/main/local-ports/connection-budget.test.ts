import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  ConnectionBudget,
  DEFAULT_GLOBAL_CONNECTIONS,
  openFilesLimit,
  processConnectionBudget,
} from '../../../src/main/local-ports/connection-budget';

describe('processConnectionBudget', () => {
  it.each([
    [1_024, 384],
    [256 + 2 * 1_000, 1_000],
    [1_000_000, DEFAULT_GLOBAL_CONNECTIONS],
    [256, 96],
    [40, 16],
    [null, DEFAULT_GLOBAL_CONNECTIONS],
  ])(
    'with an fd limit of %s holds %i connections, two fds each, some kept back',
    (limit, capacity) => {
      expect(processConnectionBudget(limit).capacity).toBe(capacity);
    },
  );
});

describe('openFilesLimit', () => {
  const shellLimit = Number(spawnSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout);

  it.skipIf(process.platform === 'win32')(
    "reads the limit a shell started from this process reports, on Linux and the other systems' way alike",
    () => {
      expect(openFilesLimit(process.platform)).toBe(shellLimit);
      expect(openFilesLimit('darwin')).toBe(shellLimit);
    },
  );

  it('knows of none on Windows', () => {
    expect(openFilesLimit('win32')).toBeNull();
  });
});

it('gives places up to its capacity and takes them back', () => {
  const budget = new ConnectionBudget(2);
  expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
  budget.release();
  expect(budget.inUse).toBe(1);
  expect(budget.take()).toBe(true);
  budget.release();
  budget.release();
  budget.release();
  expect(budget.inUse).toBe(0);
});
