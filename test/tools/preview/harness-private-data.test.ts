import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { MemoryVault } from '../../../src/main/session/memory-vault';
import { ON_WINDOWS, POSIX_ONLY, modeOf } from '../../main/store/private-modes';
import { startHarness, type Harness } from '../../../tools/preview/harness-server';

const rendererDir = fileURLToPath(new URL('../../../src/renderer', import.meta.url));
let harness: Harness | undefined;
let parent: string | undefined;

afterEach(async () => {
  await harness?.close();
  if (parent) await rm(parent, { recursive: true, force: true });
  harness = undefined;
  parent = undefined;
});

it.skipIf(ON_WINDOWS)(
  `the preview's (and so the demo's) data folder is its user's alone, even one made wide before ${POSIX_ONLY}`,
  async () => {
    parent = await mkdtemp(join(tmpdir(), 'proxy-tray-harness-'));
    const dataDir = join(parent, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    harness = await startHarness({ dataDir, vault: new MemoryVault(), rendererDir });
    harness.services.settings.update({ theme: 'dark' });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'settings.json'))).toBe(0o600);
  },
);
