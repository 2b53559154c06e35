import { isLoopbackHost } from '../../../shared/net/loopback-host';
import { APP_PAGE_URL } from '../app-protocol/app-scheme';

export interface RendererSourceInput {
  /** `ELECTRON_RENDERER_URL`, set by `electron-vite dev`. */
  devServerUrl: string | undefined;
  isPackaged: boolean;
}

/**
 * The URL of the popup's page: the Vite dev server's while developing, otherwise the built page
 * over the app's own scheme (served by app-protocol-handler.ts, never from file://).
 *
 * A packaged app never loads a URL from its environment: anyone able to set a variable for
 * the app would otherwise put a remote page, with the preload's bridge, in front of the user.
 * In development the URL must still be an http(s) server on this machine.
 */
export function rendererPageUrl(input: RendererSourceInput): string {
  return (input.isPackaged ? undefined : localDevServerUrl(input.devServerUrl)) ?? APP_PAGE_URL;
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
