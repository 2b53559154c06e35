import path, { type PlatformPath } from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-scheme';
import { contentTypeOf } from './content-type';

/** A file of the built popup that an `app://` request asks for. */
export interface AppFile {
  /** Absolute path under the renderer directory. */
  file: string;
  contentType: string;
}

/**
 * Names the renderer build gives its files (`index.html`, `assets/index-VoQOIYQ2.js`): letters,
 * digits, `_`, `-` and dots, never first. Everything else is refused rather than interpreted, so
 * `..`, `%2e%2e`, encoded separators (`%2f`, `%5c`), backslashes, NUL (`%00`), drive letters
 * (`C:`) and empty segments (`//etc/passwd`) cannot name a file: any `%` or `:` is refused.
 */
const PLAIN_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Names Windows maps to devices in any directory (`nul`, `con.txt`): never a file of ours. */
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

const MAX_NAME_LENGTH = 255;

function isPlainName(segment: string): boolean {
  return (
    segment.length <= MAX_NAME_LENGTH &&
    PLAIN_NAME.test(segment) &&
    !WINDOWS_DEVICE_NAME.test(segment)
  );
}

/**
 * The path segments an `app://popup/...` URL asks for (`app://popup/` is the page), or undefined
 * for another scheme or host, a port, credentials, a directory, or any segment that is not a
 * plain file name. Query and fragment do not matter.
 */
export function requestedSegments(url: string): string[] | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  // `host` includes a port: `app://popup:80/` is not ours either.
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return undefined;
  if (parsed.username || parsed.password) return undefined;
  const pathname =
    parsed.pathname === '' || parsed.pathname === '/' ? '/index.html' : parsed.pathname;
  // With a host, the path is empty or starts with `/`.
  const segments = pathname.slice(1).split('/');
  // A trailing slash leaves an empty last segment: directories are never listed.
  return segments.every(isPlainName) ? segments : undefined;
}

/**
 * True when `file` lies strictly inside `root` (not the root itself), by path arithmetic on
 * this platform's rules: `..` steps out, and on Windows another drive's path is absolute.
 */
export function isInside(root: string, file: string, paths: PlatformPath = path): boolean {
  const relative = paths.relative(root, file);
  if (relative === '' || paths.isAbsolute(relative)) return false;
  return relative !== '..' && !relative.startsWith(`..${paths.sep}`);
}

/**
 * `segments` resolved under `rootDir`, or undefined when the result would leave it. The last
 * check after the name rules: it holds whatever a segment turns out to mean on this platform.
 */
export function fileInside(
  rootDir: string,
  segments: readonly string[],
  paths: PlatformPath = path,
): string | undefined {
  const root = paths.resolve(rootDir);
  const file = paths.resolve(root, ...segments);
  return isInside(root, file, paths) ? file : undefined;
}

/**
 * The file under `rootDir` (the built renderer) that an `app://` request URL asks for, with
 * its Content-Type, or undefined when the request is not one the app serves. Pure: whether the
 * file exists, and where symbolic links lead, is for the reader (contained-file-reader.ts).
 */
export function resolveAppRequest(
  rootDir: string,
  url: string,
  paths: PlatformPath = path,
): AppFile | undefined {
  const segments = requestedSegments(url);
  if (!segments) return undefined;
  const file = fileInside(rootDir, segments, paths);
  return file === undefined ? undefined : { file, contentType: contentTypeOf(file) };
}
