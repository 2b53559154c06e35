import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** A file of the built popup, or undefined when the path leaves its directory or does not exist. */
export async function staticFile(
  rootDir: string,
  urlPath: string,
): Promise<{ body: Buffer; contentType: string } | undefined> {
  const relative = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
  const file = join(rootDir, relative);
  if (!file.startsWith(rootDir + sep)) return undefined;
  const contentType = CONTENT_TYPES[extname(file)];
  if (!contentType) return undefined;
  try {
    return { body: await readFile(file), contentType };
  } catch {
    return undefined;
  }
}
