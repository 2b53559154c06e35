import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isLoopbackHost } from '../../shared/net/loopback-host';

/** Where the popup's page comes from: the Vite dev server while developing, the built file otherwise. */
export type RendererSource =
  | { kind: 'dev-server'; url: string; pageUrl: string }
  | { kind: 'file'; path: string; pageUrl: string };

export interface RendererSourceInput {
  /** `ELECTRON_RENDERER_URL`, set by `electron-vite dev`. */
  devServerUrl: string | undefined;
  isPackaged: boolean;
  /** The directory holding the built `index.html` (`out/renderer`). */
  rendererDir: string;
}

/**
 * A packaged app never loads a URL from its environment: anyone able to set a variable for
 * the app would otherwise put a remote page, with the preload's bridge, in front of the user.
 * In development the URL must still be an http(s) server on this machine.
 */
export function rendererSource(input: RendererSourceInput): RendererSource {
  const devUrl = input.isPackaged ? undefined : localDevServerUrl(input.devServerUrl);
  if (devUrl) return { kind: 'dev-server', url: devUrl, pageUrl: devUrl };
  const path = join(input.rendererDir, 'index.html');
  return { kind: 'file', path, pageUrl: pathToFileURL(path).href };
}

function localDevServerUrl(candidate: string | undefined): string | undefined {
  if (!candidate) return undefined;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!isLoopbackHost(url.hostname) || url.username || url.password) return undefined;
  return url.href;
}
