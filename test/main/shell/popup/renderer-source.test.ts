import { describe, expect, it } from 'vitest';
import { rendererPageUrl } from '../../../../src/main/shell/popup/renderer-source';

const builtPage = 'app://popup/index.html';

describe('rendererPageUrl', () => {
  it('loads the built page over app:// when no dev server runs', () => {
    expect(rendererPageUrl({ devServerUrl: undefined, isPackaged: false })).toBe(builtPage);
    expect(rendererPageUrl({ devServerUrl: undefined, isPackaged: true })).toBe(builtPage);
  });

  it.each(['http://localhost:5173', 'http://127.0.0.1:5173/', 'https://localhost:5173/'])(
    'uses the local dev server %s in development',
    (devServerUrl) => {
      expect(rendererPageUrl({ devServerUrl, isPackaged: false })).toBe(new URL(devServerUrl).href);
    },
  );

  it('ignores ELECTRON_RENDERER_URL in a packaged app', () => {
    expect(rendererPageUrl({ devServerUrl: 'http://localhost:5173', isPackaged: true })).toBe(
      builtPage,
    );
  });

  it.each([
    'https://evil.example/',
    'http://192.168.1.5:5173/',
    'file:///tmp/index.html',
    'app://popup/index.html',
    'http://user:pw@localhost:5173/',
    'not a url',
    '',
  ])('never loads a non-local or odd dev URL: %s', (devServerUrl) => {
    expect(rendererPageUrl({ devServerUrl, isPackaged: false })).toBe(builtPage);
  });
});
