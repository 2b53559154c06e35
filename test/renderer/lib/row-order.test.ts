import { describe, expect, it } from 'vitest';
import { neighbourRow } from '../../../src/renderer/src/lib/row-order';

const rows = (...ids: number[]) => ids.map((id) => ({ id }));
// A plan with two proxies, a collapsed (or empty) plan, a plan with one proxy.
const groups = [rows(11, 12), rows(), rows(31)];

describe('neighbourRow', () => {
  it('moves down within a plan and on to the next plan with rows', () => {
    expect(neighbourRow(groups, 11, 'next')).toEqual({ group: 0, row: 1, id: 12 });
    expect(neighbourRow(groups, 12, 'next')).toEqual({ group: 2, row: 0, id: 31 });
  });

  it('moves up the same way', () => {
    expect(neighbourRow(groups, 31, 'previous')).toEqual({ group: 0, row: 1, id: 12 });
    expect(neighbourRow(groups, 12, 'previous')).toEqual({ group: 0, row: 0, id: 11 });
  });

  it('stops at either end', () => {
    expect(neighbourRow(groups, 31, 'next')).toBeNull();
    expect(neighbourRow(groups, 11, 'previous')).toBeNull();
  });

  it('jumps to the first and last rows', () => {
    expect(neighbourRow(groups, 12, 'first')).toEqual({ group: 0, row: 0, id: 11 });
    expect(neighbourRow(groups, 11, 'last')).toEqual({ group: 2, row: 0, id: 31 });
  });

  it('starts at the first row from nowhere or from a row no longer shown', () => {
    expect(neighbourRow(groups, null, 'next')).toEqual({ group: 0, row: 0, id: 11 });
    expect(neighbourRow(groups, 99, 'previous')).toEqual({ group: 0, row: 0, id: 11 });
  });

  it('finds nothing without rows', () => {
    expect(neighbourRow([rows(), rows()], null, 'next')).toBeNull();
    expect(neighbourRow([], null, 'last')).toBeNull();
  });
});
