/**
 * Renders every icon in assets/ from its SVG source:
 *
 *   node --import tsx scripts/generate-icons.ts
 *
 * Run it after changing assets/icon.svg or assets/tray.svg and commit the results; a test
 * (test/main/shell/tray/generated-icons.test.ts) re-renders them and fails if they differ.
 */
import { Resvg, type RenderedImage } from '@resvg/resvg-js';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pngToIco from 'png-to-ico';
import { encodeIcns, ICNS_ELEMENTS } from './icns';

export interface IconOutput {
  file: string;
  source: 'icon.svg' | 'tray.svg';
  /** One size for a PNG; every size the .ico holds. */
  sizes: number[];
}

/** The sizes hicolor icon themes look for; desktops scale from the nearest one. */
export const LINUX_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const;

export const ICON_OUTPUTS: readonly IconOutput[] = [
  // macOS menu bar: template images, 16 pt at @1x and @2x.
  { file: 'trayTemplate.png', source: 'tray.svg', sizes: [16] },
  { file: 'trayTemplate@2x.png', source: 'tray.svg', sizes: [32] },
  // Linux panels scale a 32 px image down to their own size.
  { file: 'tray.png', source: 'icon.svg', sizes: [32] },
  // Windows notification area: 16 px at 100 %, 20 at 125 %, 24 at 150 %, 32 at 200 % scaling.
  { file: 'tray.ico', source: 'icon.svg', sizes: [16, 20, 24, 32] },
  // Packaging (electron-builder reads assets/ as its build resources): the Windows installer and
  // executable, the macOS app bundle, and the Linux icon theme sizes (named as electron-builder
  // wants them: the size in the file name).
  { file: 'icon.png', source: 'icon.svg', sizes: [512] },
  { file: 'icon.ico', source: 'icon.svg', sizes: [16, 24, 32, 48, 64, 128, 256] },
  {
    file: 'icon.icns',
    source: 'icon.svg',
    sizes: [...new Set(ICNS_ELEMENTS.map((e) => e.pixels))],
  },
  ...LINUX_ICON_SIZES.map((size) => ({
    file: `icons/${size}x${size}.png`,
    source: 'icon.svg' as const,
    sizes: [size],
  })),
];

export const ASSETS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'assets');

export function renderImage(svg: string, size: number): RenderedImage {
  // No text in our icons: system fonts would only make the output depend on the machine.
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: false },
    logLevel: 'off',
  });
  return resvg.render();
}

export function renderPng(svg: string, size: number): Buffer {
  return renderImage(svg, size).asPng();
}

export async function renderIcon(output: IconOutput, sourceDir: string): Promise<Buffer> {
  const svg = await readFile(join(sourceDir, output.source), 'utf8');
  const pngs = output.sizes.map((size) => renderPng(svg, size));
  if (output.file.endsWith('.ico')) return pngToIco(pngs);
  if (output.file.endsWith('.icns')) {
    const bySize = new Map(output.sizes.map((size, index) => [size, pngs[index]]));
    return encodeIcns((size) => {
      const png = bySize.get(size);
      if (!png) throw new Error(`${output.file}: no ${size} px image.`);
      return png;
    });
  }
  const [png] = pngs;
  if (!png || pngs.length !== 1) throw new Error(`${output.file}: a PNG has exactly one size.`);
  return png;
}

/** Renders every icon from the SVGs in `sourceDir` into `outDir`; returns the files written. */
export async function generateIcons(sourceDir: string, outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const output of ICON_OUTPUTS) {
    const path = join(outDir, output.file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, await renderIcon(output, sourceDir));
    written.push(path);
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const written = await generateIcons(ASSETS_DIR, ASSETS_DIR);
  for (const path of written) console.log(`wrote ${path}`);
}
