import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { xdgConfigHome } from '../../../src/main/platform/xdg-config-home';

describe('xdgConfigHome', () => {
  it('uses an absolute XDG_CONFIG_HOME and ignores a relative or missing one', () => {
    expect(xdgConfigHome('/data/config', '/home/ada')).toBe('/data/config');
    expect(xdgConfigHome('relative/config', '/home/ada')).toBe(join('/home/ada', '.config'));
    expect(xdgConfigHome(undefined, '/home/ada')).toBe(join('/home/ada', '.config'));
    expect(xdgConfigHome('', '/home/ada')).toBe(join('/home/ada', '.config'));
  });
});
