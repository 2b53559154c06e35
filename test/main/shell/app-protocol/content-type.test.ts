import { describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  UNKNOWN_CONTENT_TYPE,
} from '../../../../src/main/shell/app-protocol/content-type';

describe('contentTypeOf', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['assets/index-VoQOIYQ2.js', 'text/javascript; charset=utf-8'],
    ['chunk.mjs', 'text/javascript; charset=utf-8'],
    ['assets/index-Qrp6t8Gn.css', 'text/css; charset=utf-8'],
    ['icon.svg', 'image/svg+xml'],
    ['icon.png', 'image/png'],
    ['ICON.PNG', 'image/png'],
    ['favicon.ico', 'image/x-icon'],
    ['font.woff2', 'font/woff2'],
    ['font.woff', 'font/woff'],
    ['manifest.json', 'application/json; charset=utf-8'],
    ['index.js.map', 'application/json; charset=utf-8'],
    ['licenses.txt', 'text/plain; charset=utf-8'],
  ])('%s is %s', (file, type) => {
    expect(contentTypeOf(file)).toBe(type);
  });

  it.each(['archive.zip', 'script.exe', 'no-extension', 'index.html.bak', '.html'])(
    '%s is served as plain bytes',
    (file) => {
      expect(contentTypeOf(file)).toBe(UNKNOWN_CONTENT_TYPE);
    },
  );
});
