import { describe, expect, it } from 'vitest';
import { rendererSource } from '../../../src/main/shell/renderer-source';

const builtPage = { kind: 'app-protocol', pageUrl: 'app://popup/index.html' };

describe('rendererSource', () => {
  it('loads the built page over app:// when no dev server runs', () => {
    expect(rendererSource({ devServerUrl: undefined, isPackaged: false })).toEqual(builtPage);
    expect(rendererSource({ devServerUrl: undefined, isPackaged: true })).toEqual(builtPage);
  });

  it.each(['http://localhost:5173', 'http://127.0.0.1:5173/', 'https://localhost:5173/'])(
    'uses the local dev server %s in development',
    (devServerUrl) => {
      expect(rendererSource({ devServerUrl, isPackaged: false })).toEqual({
        kind: 'dev-server',
        pageUrl: new URL(devServerUrl).href,
      });
    },
  );

  it('ignores ELECTRON_RENDERER_URL in a packaged app', () => {
    expect(rendererSource({ devServerUrl: 'http://localhost:5173', isPackaged: true })).toEqual(
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
    expect(rendererSource({ devServerUrl, isPackaged: false })).toEqual(builtPage);
  });
});
