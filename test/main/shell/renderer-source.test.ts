import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rendererSource } from '../../../src/main/shell/renderer-source';

const rendererDir = join('/opt', 'Proxy Tray', 'out', 'renderer');
const builtFile = {
  kind: 'file',
  path: join(rendererDir, 'index.html'),
  pageUrl: pathToFileURL(join(rendererDir, 'index.html')).href,
};

describe('rendererSource', () => {
  it('loads the built page when no dev server runs', () => {
    expect(rendererSource({ devServerUrl: undefined, isPackaged: false, rendererDir })).toEqual(
      builtFile,
    );
  });

  it('gives the built page as a file URL with its spaces encoded', () => {
    const source = rendererSource({ devServerUrl: undefined, isPackaged: true, rendererDir });
    expect(source.pageUrl).toMatch(/^file:\/\/.*Proxy%20Tray.*index\.html$/);
  });

  it.each(['http://localhost:5173', 'http://127.0.0.1:5173/', 'https://localhost:5173/'])(
    'uses the local dev server %s in development',
    (devServerUrl) => {
      const source = rendererSource({ devServerUrl, isPackaged: false, rendererDir });
      expect(source.kind).toBe('dev-server');
      expect(source.pageUrl).toBe(new URL(devServerUrl).href);
    },
  );

  it('ignores ELECTRON_RENDERER_URL in a packaged app', () => {
    expect(
      rendererSource({ devServerUrl: 'http://localhost:5173', isPackaged: true, rendererDir }),
    ).toEqual(builtFile);
  });

  it.each([
    'https://evil.example/',
    'http://192.168.1.5:5173/',
    'file:///tmp/index.html',
    'http://user:pw@localhost:5173/',
    'not a url',
    '',
  ])('never loads a non-local or odd dev URL: %s', (devServerUrl) => {
    expect(rendererSource({ devServerUrl, isPackaged: false, rendererDir })).toEqual(builtFile);
  });
});
