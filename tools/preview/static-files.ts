import { resolveAppRequest } from '../../src/main/shell/app-protocol/app-protocol-paths';
import { APP_PAGE_URL } from '../../src/main/shell/app-protocol/app-scheme';
import { readFileInside } from '../../src/main/shell/app-protocol/contained-file-reader';
import { UNKNOWN_CONTENT_TYPE } from '../../src/main/shell/app-protocol/content-type';

/**
 * A file of the built popup, found as the app's app:// handler finds it (the same path rules,
 * Content-Types and contained reader), or undefined for a 404. Unlike the app, which serves
 * other files as bytes, the harness serves only the kinds of file the build emits: it may be
 * pointed at a folder that holds sources too.
 */
export async function staticFile(
  rootDir: string,
  urlPath: string,
): Promise<{ body: Uint8Array; contentType: string } | undefined> {
  const target = resolveAppRequest(rootDir, new URL(urlPath, APP_PAGE_URL).href);
  if (!target || target.contentType === UNKNOWN_CONTENT_TYPE) return undefined;
  const body = await readFileInside(rootDir, target.file);
  return body ? { body, contentType: target.contentType } : undefined;
}
