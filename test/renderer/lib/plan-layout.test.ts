import { describe, expect, it } from 'vitest';
import {
  EMPTY_PLAN_HEIGHT,
  NARROW_METRICS,
  PLAN_HEADER_HEIGHT,
  planLayout,
  ROW_HEIGHT,
} from '../../../src/renderer/src/lib/plan-layout';

const H = PLAN_HEADER_HEIGHT;
const R = ROW_HEIGHT;

describe('planLayout', () => {
  it('stacks each plan’s header and rows', () => {
    const layout = planLayout([
      { shown: true, collapsed: false, rows: 3 },
      { shown: true, collapsed: false, rows: 2 },
    ]);
    expect(layout.sectionTops).toEqual([0, H + 3 * R]);
    expect(layout.listTops).toEqual([H, 2 * H + 3 * R]);
    expect(layout.height).toBe(2 * H + 5 * R);
  });

  it('keeps only the header of a collapsed plan', () => {
    const layout = planLayout([
      { shown: true, collapsed: true, rows: 50 },
      { shown: true, collapsed: false, rows: 1 },
    ]);
    expect(layout.sectionTops).toEqual([0, H]);
    expect(layout.height).toBe(2 * H + R);
  });

  it('gives a hidden plan no height', () => {
    const layout = planLayout([
      { shown: false, collapsed: false, rows: 0 },
      { shown: true, collapsed: false, rows: 4 },
    ]);
    expect(layout.sectionTops).toEqual([0, 0]);
    expect(layout.listTops[1]).toBe(H);
    expect(layout.height).toBe(H + 4 * R);
  });

  it('leaves room for the note under an empty plan', () => {
    const layout = planLayout([
      { shown: true, collapsed: false, rows: 0 },
      { shown: true, collapsed: false, rows: 1 },
    ]);
    expect(layout.sectionTops[1]).toBe(H + EMPTY_PLAN_HEIGHT);
  });

  it('lays out 10,000 proxies in 100 plans', () => {
    const layout = planLayout(
      Array.from({ length: 100 }, () => ({ shown: true, collapsed: false, rows: 100 })),
    );
    expect(layout.height).toBe(100 * H + 10_000 * R);
    expect(layout.listTops[99]).toBe(100 * H + 9_900 * R);
  });

  it('lays out with the taller narrow heights when given them (200 % zoom)', () => {
    const { header, row, empty } = NARROW_METRICS;
    expect(header).toBeGreaterThan(H);
    expect(row).toBeGreaterThan(R);
    const layout = planLayout(
      [
        { shown: true, collapsed: false, rows: 3 },
        { shown: true, collapsed: false, rows: 0 },
        { shown: true, collapsed: true, rows: 9 },
      ],
      NARROW_METRICS,
    );
    expect(layout.sectionTops).toEqual([0, header + 3 * row, 2 * header + 3 * row + empty]);
    expect(layout.listTops[0]).toBe(header);
    expect(layout.height).toBe(3 * header + 3 * row + empty);
  });
});
