/**
 * Apple's .icns container, written directly: a header, then one element per size, each holding a
 * PNG. Since macOS 10.7 every element type below takes PNG data, so no image conversion is needed
 * and the file is as deterministic as the PNGs inside it. (electron-builder would convert a PNG
 * itself, but only on a Mac at build time; a committed .icns is the same on every runner.)
 */

/** The element types macOS reads, with the pixel size each one holds (@2x types at double size). */
export const ICNS_ELEMENTS = [
  { type: 'icp4', pixels: 16 },
  { type: 'icp5', pixels: 32 },
  { type: 'ic11', pixels: 32 }, // 16 pt @2x
  { type: 'ic12', pixels: 64 }, // 32 pt @2x
  { type: 'ic07', pixels: 128 },
  { type: 'ic13', pixels: 256 }, // 128 pt @2x
  { type: 'ic08', pixels: 256 },
  { type: 'ic14', pixels: 512 }, // 256 pt @2x
  { type: 'ic09', pixels: 512 },
  { type: 'ic10', pixels: 1024 }, // 512 pt @2x
] as const;

const HEADER_BYTES = 8;

/** One element: its four-letter type, a big-endian length that counts the 8 header bytes, the data. */
function element(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(type, 0, 'latin1');
  header.writeUInt32BE(HEADER_BYTES + data.length, 4);
  return Buffer.concat([header, data]);
}

/** An .icns file from `pngOf(pixels)` for every size in ICNS_ELEMENTS. */
export function encodeIcns(pngOf: (pixels: number) => Buffer): Buffer {
  const body = Buffer.concat(ICNS_ELEMENTS.map(({ type, pixels }) => element(type, pngOf(pixels))));
  return element('icns', body);
}

/** The elements of an .icns file, in order: the reverse of `encodeIcns`, for tests. */
export function decodeIcns(file: Buffer): { type: string; data: Buffer }[] {
  if (file.toString('latin1', 0, 4) !== 'icns' || file.readUInt32BE(4) !== file.length) {
    throw new Error('Not an .icns file, or its length field is wrong.');
  }
  const elements: { type: string; data: Buffer }[] = [];
  for (let offset = HEADER_BYTES; offset < file.length;) {
    const length = file.readUInt32BE(offset + 4);
    if (length < HEADER_BYTES || offset + length > file.length) {
      throw new Error(`Element at byte ${offset} has a bad length.`);
    }
    elements.push({
      type: file.toString('latin1', offset, offset + 4),
      data: file.subarray(offset + HEADER_BYTES, offset + length),
    });
    offset += length;
  }
  return elements;
}
