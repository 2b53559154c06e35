import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSETS_DIR,
  ICON_OUTPUTS,
  generateIcons,
  renderImage,
} from '../../../../scripts/generate-icons';
import { decodeIcns, ICNS_ELEMENTS } from '../../../../scripts/icns';

async function committed(file: string): Promise<Buffer> {
  return readFile(join(ASSETS_DIR, file));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** Sizes listed in an .ico file's directory (a 0 byte means 256). */
function icoSizes(ico: Buffer): number[] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const entry = 6 + index * 16;
    const width = ico.readUInt8(entry) || 256;
    const height = ico.readUInt8(entry + 1) || 256;
    expect(height).toBe(width);
    return width;
  });
}

/** RGBA pixels of an SVG in assets/, rendered as the script renders it. */
async function pixels(source: string, size: number): Promise<Buffer> {
  return renderImage(await readFile(join(ASSETS_DIR, source), 'utf8'), size).pixels;
}

describe('generated icons', () => {
  let outDir: string;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'proxy-tray-icons-'));
    await generateIcons(ASSETS_DIR, outDir);
  });

  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  // Byte-for-byte only where the icons are made (x64): resvg's rasteriser takes other SIMD paths
  // on ARM (macOS runners), where an anti-aliased edge pixel may round the other way.
  it.skipIf(process.arch !== 'x64').each(ICON_OUTPUTS.map((output) => output.file))(
    '%s is committed exactly as the SVG renders (run scripts/generate-icons.ts after editing an SVG)',
    async (file) => {
      const fresh = await readFile(join(outDir, file));
      expect((await committed(file)).equals(fresh)).toBe(true);
    },
  );

  it.each(ICON_OUTPUTS.filter((output) => output.file.endsWith('.png')))(
    '$file is a $sizes px square PNG',
    async ({ file, sizes }) => {
      expect(pngSize(await committed(file))).toEqual([sizes[0], sizes[0]]);
    },
  );

  it.each(ICON_OUTPUTS.filter((output) => output.file.endsWith('.ico')))(
    '$file holds every size $sizes',
    async ({ file, sizes }) => {
      expect(icoSizes(await committed(file))).toEqual(sizes);
    },
  );

  it('gives macOS an .icns holding every element type at its own pixel size', async () => {
    const elements = decodeIcns(await committed('icon.icns'));
    expect(elements.map((element) => element.type)).toEqual(ICNS_ELEMENTS.map((e) => e.type));
    for (const [index, element] of elements.entries()) {
      const pixels = ICNS_ELEMENTS[index]?.pixels ?? 0;
      expect(pngSize(element.data)).toEqual([pixels, pixels]);
    }
  });

  it('makes the macOS images from tray.svg, and the others from icon.svg', () => {
    for (const { file, source } of ICON_OUTPUTS) {
      expect(source).toBe(file.startsWith('trayTemplate') ? 'tray.svg' : 'icon.svg');
    }
  });

  it.each([16, 32])(
    'draws the %s px macOS template in black, through its alpha channel only',
    async (size) => {
      const rgba = await pixels('tray.svg', size);
      let opaque = 0;
      for (let offset = 0; offset < rgba.length; offset += 4) {
        const alpha = rgba[offset + 3] ?? 0;
        if (alpha === 0) continue;
        expect([rgba[offset], rgba[offset + 1], rgba[offset + 2]]).toEqual([0, 0, 0]);
        if (alpha === 255) opaque += 1;
      }
      // Something is drawn, and the corner stays clear.
      expect(opaque).toBeGreaterThan((size * size) / 5);
      expect(rgba[3]).toBe(0);
    },
  );

  it('gives Linux and Windows a coloured icon: mostly the brand blue, with a white glyph', async () => {
    const rgba = await pixels('icon.svg', 32);
    let blue = 0;
    let white = 0;
    for (let offset = 0; offset < rgba.length; offset += 4) {
      const [red, green, bluish, alpha] = [0, 1, 2, 3].map(
        (channel) => rgba[offset + channel] ?? 0,
      );
      if (alpha !== 255) continue;
      if (red === 0x1f && green === 0x6f && bluish === 0xeb) blue += 1;
      if (red === 255 && green === 255 && bluish === 255) white += 1;
    }
    expect(blue).toBeGreaterThan(32 * 32 * 0.4);
    expect(white).toBeGreaterThan(32 * 32 * 0.1);
  });
});
