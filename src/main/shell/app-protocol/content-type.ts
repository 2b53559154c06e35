import { extname } from 'node:path';

/**
 * Content-Type of each kind of file the renderer build emits. Chromium refuses a module script
 * served without a JavaScript type, and `nosniff` makes it trust these types as given.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** Anything else is served as bytes a browser will not run or render. */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? UNKNOWN_CONTENT_TYPE;
}
