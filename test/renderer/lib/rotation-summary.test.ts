import { describe, expect, it } from 'vitest';
import { rotationSummary } from '../../../src/renderer/src/lib/rotation-summary';

describe('rotationSummary', () => {
  it.each([
    [{ is_rotating: true, rotate_interval: 300 }, 'Rotates every 5 min'],
    [{ is_rotating: true, rotate_interval: 7_200 }, 'Rotates every 2 h'],
    [{ is_rotating: true, rotate_interval: null }, 'Rotates at an unknown interval'],
    [{ is_rotating: false, rotate_interval: 300 }, 'Static'],
    [{ is_rotating: null, rotate_interval: 90 }, 'Rotation unknown, every 90 s'],
  ])('says %j as %j', (proxy, text) => {
    expect(rotationSummary(proxy)).toBe(text);
  });
});
