import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where `electron-vite build` writes the popup, which the harness serves. */
export const RENDERER_DIR = fileURLToPath(new URL('../../../out/renderer', import.meta.url));
export const RENDERER_INDEX = `${RENDERER_DIR}/index.html`;

export function requireBuiltPopup(): void {
  if (!existsSync(RENDERER_INDEX)) {
    throw new Error(`The built popup is missing (${RENDERER_INDEX}): run npm run build first.`);
  }
}
