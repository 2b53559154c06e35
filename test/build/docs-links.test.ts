import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_DIR } from './electron-builder-setup';

/** The documents a newcomer reads; each must stand on the repository alone. */
const DOCUMENTS = ['README.md', 'docs/service-api.md', 'tools/reference-service/README.md'];

/** Relative links of a Markdown text: `[text](path)` and `[text](path#anchor)`, no URLs. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^([a-z]+:|#)/i.test(target))
    .map((target) => target.split('#')[0] ?? '');
}

describe('the documentation’s links', () => {
  it.each(DOCUMENTS)('%s links only to files inside the repository that exist', (document) => {
    const links = relativeLinks(readFileSync(join(PROJECT_DIR, document), 'utf8'));
    for (const link of links) {
      const target = resolve(dirname(join(PROJECT_DIR, document)), link);
      expect(relative(PROJECT_DIR, target), `${document} → ${link}`).not.toMatch(/^\.\./);
      expect(existsSync(target), `${document} → ${link}`).toBe(true);
    }
  });

  it('the README describes the service API from inside the repository', () => {
    const readme = readFileSync(join(PROJECT_DIR, 'README.md'), 'utf8');
    expect(relativeLinks(readme)).toContain('docs/service-api.md');
  });
});
