import { describe, expect, it } from 'vitest';
import { userPlatform } from '../../../src/renderer/src/lib/user-platform';

describe('userPlatform', () => {
  it('reads macOS, Windows and Linux from Chromium user agents', () => {
    expect(
      userPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/140'),
    ).toBe('darwin');
    expect(userPlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140')).toBe('win32');
    expect(userPlatform('Mozilla/5.0 (X11; Linux x86_64) Chrome/140')).toBe('linux');
  });
});
