import type { Protocol } from 'electron';
import { resolveAppRequest } from './app-protocol-paths';
import { APP_SCHEME } from './app-scheme';
import { readFileInside, type ContainedFileReader } from './contained-file-reader';

export interface AppProtocolOptions {
  /** The built renderer (`out/renderer`): nothing outside it is ever served. */
  rendererDir: string;
  /** Default: the file system, links followed and kept inside `rendererDir`. */
  readFile?: ContainedFileReader;
}

/** Same answer for a refused path and a missing file: the page learns nothing about the disk. */
const notFound = () => new Response(null, { status: 404 });

/** Answers `app://popup/...` requests with the built renderer's files. */
export function appRequestHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const readFile = options.readFile ?? readFileInside;
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const target = resolveAppRequest(options.rendererDir, request.url);
    if (!target) return notFound();
    const body = await readFile(options.rendererDir, target.file);
    if (!body) return notFound();
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: {
        'Content-Type': target.contentType,
        // The type above is the truth: Chromium must not guess another from the bytes.
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };
}

/**
 * Serves the popup over `app://` in the session `protocol` belongs to (the default session's
 * `protocol`, the popup's). Call after `app` is ready, before the popup loads its page; the
 * scheme's privileges (app-scheme.ts) must have been registered before ready.
 */
export function installAppProtocol(
  protocol: Pick<Protocol, 'handle'>,
  options: AppProtocolOptions,
): void {
  protocol.handle(APP_SCHEME, appRequestHandler(options));
}
