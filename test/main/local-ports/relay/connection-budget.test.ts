import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  ConnectionBudget,
  DEFAULT_GLOBAL_CONNECTIONS,
  limitInProcLimits,
  limitInUlimit,
  openFilesLimit,
  processConnectionBudget,
} from '../../../../src/main/local-ports/relay/connection-budget';

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

  it.each([
    ['1024\n', 1_024],
    ['  256  ', 256],
    ['\t4096\r\n', 4_096],
    ['unlimited\n', null],
    ['0', null],
    ['', null],
    ['12.5', null],
  ])('reads `ulimit -n` printing %j as %s', (text, limit) => {
    expect(limitInUlimit(text)).toBe(limit);
  });

  it('reads the soft limit from /proc limits', () => {
    const text = [
      'Limit                     Soft Limit           Hard Limit           Units',
      'Max processes             127551               127551               processes',
      'Max open files            1024                 524288               files',
    ].join('\n');
    expect(limitInProcLimits(text)).toBe(1_024);
    // Only a line that begins with the name: not one that merely holds it.
    expect(limitInProcLimits(`Not quite Max open files 7 7 files\n${text}`)).toBe(1_024);
    expect(limitInProcLimits(text.replace('Max open files', 'Xmax open files'))).toBeNull();
    expect(limitInProcLimits(text.replace(' 1024 ', ' unlimited '))).toBeNull();
  });

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
