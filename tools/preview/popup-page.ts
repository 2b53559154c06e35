import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const HARNESS_BRIDGE_PATH = '/__harness/bridge.js';

/**
 * The built popup page with only its transport swapped: the bridge script goes in before the
 * popup's own, and the CSP lets the page talk to its own origin (in the app it talks to nothing).
 * Everything else of the CSP stays as built, so the harness catches what the CSP would block.
 */
export async function harnessPopupPage(rendererDir: string): Promise<string> {
  const html = await readFile(join(rendererDir, 'index.html'), 'utf8');
  if (!html.includes("connect-src 'none'")) {
    throw new Error("The popup's CSP no longer says connect-src 'none': update the harness.");
  }
  const firstScript = html.indexOf('<script');
  if (firstScript < 0) throw new Error('The built popup page has no script.');
  return (
    html.slice(0, firstScript).replace("connect-src 'none'", "connect-src 'self'") +
    `<script src="${HARNESS_BRIDGE_PATH}"></script>\n    ` +
    html.slice(firstScript)
  );
}
