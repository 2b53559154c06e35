import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { APP_PAGE_URL } from '../../../../src/main/shell/app-protocol/app-scheme';

/**
 * The real renderer build (`npm run build` writes out/renderer), as the app:// tests read it:
 * the page's own references, and what its stylesheets and scripts load in turn.
 */

export const BUILT_RENDERER_DIR = resolve(import.meta.dirname, '../../../../out/renderer');

export function builtRendererFile(relativePath: string): Buffer {
  const file = join(BUILT_RENDERER_DIR, relativePath);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first.`);
  return readFileSync(file);
}

/** `src=` and `href=` of the built index.html (CSP and other meta carry none). */
function pageReferences(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)\s*=\s*["']?([^"'\s>]+)/gi)].map(
    (match) => match[1] ?? '',
  );
}

/** `url(...)` in a stylesheet, except data: URLs and fragments (`url(#clip)`). */
function stylesheetReferences(css: string): string[] {
  return [...css.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/g)]
    .map((match) => match[2] ?? '')
    .filter((reference) => !/^(data:|#)/.test(reference));
}

/** Relative specifiers a built module imports (`from"./x.js"`, `import("./x.js")`). */
function moduleReferences(js: string): string[] {
  return [...js.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * Every app:// URL that loading the built page requests: the page, what it references, and
 * what those stylesheets and scripts reference, resolved the way Chromium resolves them under
 * a standard scheme (relative to the referencing URL).
 */
export function builtPageRequests(): string[] {
  const seen = new Set<string>([APP_PAGE_URL]);
  const queue = [APP_PAGE_URL];
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    const path = new URL(url).pathname.slice(1);
    const text = builtRendererFile(path).toString('utf8');
    const references = path.endsWith('.html')
      ? pageReferences(text)
      : path.endsWith('.css')
        ? stylesheetReferences(text)
        : path.endsWith('.js')
          ? moduleReferences(text)
          : [];
    for (const reference of references) {
      const resolved = new URL(reference, url);
      resolved.hash = '';
      resolved.search = '';
      if (!seen.has(resolved.href)) {
        seen.add(resolved.href);
        queue.push(resolved.href);
      }
    }
  }
  return [...seen];
}

/**
 * Requests that must never reach a file outside the renderer directory. Some are refused by
 * the name rules; in the dot-segment ones the URL parser removes `..` first (as Chromium's
 * does), which leaves a path inside the directory.
 */
export const REFUSED_REQUESTS = [
  'app://popup/assets%2f..%2f..%2fpackage.json',
  'app://popup/assets%2F..%2F..%2Fpackage.json',
  'app://popup/%2e%2e%2fpackage.json',
  'app://popup/%2fetc%2fpasswd',
  'app://popup/..%5c..%5cpackage.json',
  'app://popup/..\\..\\package.json',
  'app://popup/%252e%252e/package.json',
  'app://popup//etc/passwd',
  'app://popup///etc/passwd',
  'app://popup/C:/Windows/win.ini',
  'app://popup/c%3a/Windows/win.ini',
  'app://popup/C:%5cWindows%5cwin.ini',
  'app://popup/%00',
  'app://popup/index.html%00',
  'app://popup/index.html%00.png',
  'app://popup/nul',
  'app://popup/CON.txt',
  'app://popup/.env',
  'app://popup/assets/',
  'app://popup/index.html/',
  'app://other/index.html',
  'app://popup.evil/index.html',
  'app://POPUP/index.html',
  'app://popup:80/index.html',
  'app://user:pw@popup/index.html',
  'app:///index.html',
  'app:popup/index.html',
  'file:///etc/passwd',
  'https://popup/index.html',
  'not a url',
];

/** Dot segments: removed by the URL parser, so they only ever name files inside the directory. */
export const DOT_SEGMENT_REQUESTS = [
  'app://popup/../package.json',
  'app://popup/../../package.json',
  'app://popup/assets/../../package.json',
  'app://popup/%2e%2e/%2e%2e/etc/passwd',
  'app://popup/%2E%2E/package.json',
  'app://popup/.%2e/.%2e/package.json',
];
