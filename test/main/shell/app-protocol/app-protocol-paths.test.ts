import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fileInside,
  isInside,
  requestedSegments,
  resolveAppRequest,
} from '../../../../src/main/shell/app-protocol/app-protocol-paths';
import { APP_PAGE_URL } from '../../../../src/main/shell/app-protocol/app-scheme';
import {
  BUILT_RENDERER_DIR,
  DOT_SEGMENT_REQUESTS,
  REFUSED_REQUESTS,
  builtPageRequests,
} from './built-renderer';

const root = BUILT_RENDERER_DIR;

describe('resolveAppRequest against the real build (out/renderer)', () => {
  const requests = builtPageRequests();

  it('finds the page, a script and a stylesheet among the requests (the parse is not empty)', () => {
    expect(requests).toContain(APP_PAGE_URL);
    expect(requests.some((url) => url.endsWith('.js'))).toBe(true);
    expect(requests.some((url) => url.endsWith('.css'))).toBe(true);
  });

  it.each(requests)('serves %s from an existing file with its type', (url) => {
    const served = resolveAppRequest(root, url);
    const file = path.join(root, ...new URL(url).pathname.slice(1).split('/'));
    const knownType = {
      '.html': 'text/html; charset=utf-8',
      '.js': 'text/javascript; charset=utf-8',
      '.css': 'text/css; charset=utf-8',
    }[path.extname(file)];
    expect(served).toEqual({ file, contentType: knownType ?? expect.any(String) });
    expect(existsSync(file)).toBe(true);
    expect(served?.contentType).not.toBe('application/octet-stream');
  });

  it.each(['app://popup', 'app://popup/', 'app://popup/index.html?view=plans#/settings'])(
    'maps %s to index.html: no listing, and query and fragment name no file',
    (url) => {
      expect(resolveAppRequest(root, url)).toEqual({
        file: path.join(root, 'index.html'),
        contentType: 'text/html; charset=utf-8',
      });
    },
  );

  it.each(REFUSED_REQUESTS)('refuses %s', (url) => {
    expect(resolveAppRequest(root, url)).toBeUndefined();
  });

  it.each(DOT_SEGMENT_REQUESTS)('keeps %s inside the directory', (url) => {
    const file = resolveAppRequest(root, url)?.file ?? '';
    expect(isInside(root, file)).toBe(true);
    expect(existsSync(file)).toBe(false);
  });
});

describe('requestedSegments', () => {
  it('splits a served path into plain names', () => {
    expect(requestedSegments('app://popup/assets/index-VoQOIYQ2.js')).toEqual([
      'assets',
      'index-VoQOIYQ2.js',
    ]);
    expect(requestedSegments('app://popup/')).toEqual(['index.html']);
  });

  it('refuses an over-long name', () => {
    expect(requestedSegments(`app://popup/${'a'.repeat(255)}`)).toHaveLength(1);
    expect(requestedSegments(`app://popup/${'a'.repeat(256)}`)).toBeUndefined();
  });
});

describe('isInside', () => {
  it.each([
    ['/r/out/renderer', '/r/out/renderer/index.html'],
    ['/r/out/renderer', '/r/out/renderer/assets/a.js'],
    ['/r/out/renderer', '/r/out/renderer/..a.js'],
  ])('%s holds %s', (rootDir, file) => {
    expect(isInside(rootDir, file, path.posix)).toBe(true);
  });

  it.each([
    ['/r/out/renderer', '/r/out/renderer'],
    ['/r/out/renderer', '/r/out/package.json'],
    ['/r/out/renderer', '/r/out/renderer-evil/index.html'],
    ['/r/out/renderer', '/etc/passwd'],
  ])('%s does not hold %s', (rootDir, file) => {
    expect(isInside(rootDir, file, path.posix)).toBe(false);
  });

  it.each([
    ['C:\\App\\renderer', 'C:\\App\\renderer\\index.html', true],
    ['C:\\App\\renderer', 'c:\\app\\RENDERER\\index.html', true],
    ['C:\\App\\renderer', 'D:\\App\\renderer\\index.html', false],
    ['C:\\App\\renderer', 'C:\\App\\package.json', false],
    ['C:\\App\\renderer', '\\\\server\\share\\index.html', false],
  ])('on Windows, %s holding %s is %s', (rootDir, file, inside) => {
    expect(isInside(rootDir, file, path.win32)).toBe(inside);
  });
});

describe('fileInside: the last check, whatever the name rules let through', () => {
  it('resolves plain names under the root', () => {
    expect(fileInside('/r/renderer', ['assets', 'a.js'], path.posix)).toBe(
      '/r/renderer/assets/a.js',
    );
  });

  it.each([
    [['..', 'package.json']],
    [['assets', '..', '..', 'package.json']],
    [['/etc/passwd']],
    [['..']],
    [[]],
    [['.']],
  ])('refuses %j on POSIX', (segments) => {
    expect(fileInside('/r/renderer', segments, path.posix)).toBeUndefined();
  });

  it.each([
    [['C:', 'Windows', 'win.ini']],
    [['C:\\Windows\\win.ini']],
    [['..\\..\\package.json']],
    [['\\\\server\\share\\x']],
    [['D:x']],
  ])('refuses %j on Windows', (segments) => {
    expect(fileInside('E:\\App\\renderer', segments, path.win32)).toBeUndefined();
  });
});
