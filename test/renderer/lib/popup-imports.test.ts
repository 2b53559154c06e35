import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { THEMES } from '../../../src/shared/settings/setting-choices';
import { THEME_CHOICES } from '../../../src/renderer/src/lib/theme-choices';
import { CHECK_PROTOCOL_CHOICES } from '../../../src/renderer/src/lib/check-protocol-choices';
import { CHECK_PROTOCOLS } from '../../../src/shared/proxy-check/check-reasons';

const root = new URL('../../../', import.meta.url);

// The popup imports these shared files directly; one zod import in them would pull zod (about
// 50 KB gzipped) into the popup's bundle.
const ZOD_FREE_SHARED_FILES = [
  'src/shared/credentials/copy-formats.ts',
  'src/shared/credentials/host-choices.ts',
  'src/shared/credentials/copy-template.ts',
  'src/shared/credentials/copy-fields.ts',
  'src/shared/credentials/format-credentials.ts',
  'src/shared/credentials/shell-quote.ts',
  'src/shared/credentials/url-parts.ts',
  'src/shared/settings/setting-choices.ts',
  'src/shared/settings/shortcut-accelerator.ts',
  'src/shared/api/limits.ts',
  'src/shared/proxy-check/check-reasons.ts',
  'src/shared/export/export-kinds.ts',
  'src/shared/search/search-query.ts',
  'src/shared/search/status-filters.ts',
  'src/shared/search/search-key.ts',
  'src/shared/search/plan-expiry.ts',
];

describe('what the popup imports from src/shared', () => {
  it.each(ZOD_FREE_SHARED_FILES)('%s does not load zod', async (file) => {
    const source = await readFile(new URL(file, root), 'utf8');
    expect(source).not.toMatch(/from ['"]zod['"]/);
    // `import type` is erased from the bundle: only value imports load a file.
    for (const [, imported] of source.matchAll(/^import (?!type )[^;]*from '(\.[^']+)'/gm)) {
      expect(
        ZOD_FREE_SHARED_FILES.some((other) => other.endsWith(`${imported?.slice(2)}.ts`)),
      ).toBe(true);
    }
  });

  it('offers exactly the themes the settings accept', () => {
    expect(THEME_CHOICES.map((theme) => theme.id)).toEqual(THEMES);
  });

  it('offers exactly the check protocols the settings accept', () => {
    expect(CHECK_PROTOCOL_CHOICES.map((choice) => choice.id)).toEqual(CHECK_PROTOCOLS);
  });
});
