import { describe, expect, it } from 'vitest';
import { browserEnvironment } from '../../../src/main/browser/browser-environment';

describe('a browser’s environment', () => {
  it('withholds PROXY_TRAY_TOKEN, however it is written, and keeps everything else', () => {
    const env = { PATH: '/usr/bin', PROXY_TRAY_TOKEN: 'a', Proxy_Tray_Token: 'b', HOME: '/home/u' };
    expect(browserEnvironment(env)).toEqual({ PATH: '/usr/bin', HOME: '/home/u' });
    expect(env.PROXY_TRAY_TOKEN).toBe('a');
  });
});
