import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_DIR } from './electron-builder-setup';

/** The documents a newcomer reads; each must stand on the repository alone. */
const DOCUMENTS = [
  'README.md',
  'docs/service-api.md',
  'docs/architecture.md',
  'tools/reference-service/README.md',
];

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

  it('the architecture page names only folders and files that exist', () => {
    const page = readFileSync(join(PROJECT_DIR, 'docs/architecture.md'), 'utf8');
    // `src/main/app/proxy-cases.ts`, `src/shared/`, … — not `<area>-cases.ts`, not globs.
    const paths = [...page.matchAll(/`((?:src|tools|test|scripts|docs)\/[^`*<>\s]*)`/g)].map(
      (match) => match[1] ?? '',
    );
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect(existsSync(join(PROJECT_DIR, path)), path).toBe(true);
  });

  it('the README describes the service API from inside the repository', () => {
    const readme = readFileSync(join(PROJECT_DIR, 'README.md'), 'utf8');
    expect(relativeLinks(readme)).toContain('docs/service-api.md');
  });
});
