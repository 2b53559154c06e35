import { APP_ID } from '../../src/main/shell/lifecycle/app-identity';
import type { Configuration } from 'app-builder-lib';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ICON_OUTPUTS } from '../../scripts/generate-icons';
import { trayIconPath } from '../../src/main/shell/tray/tray-icons';
import {
  loadCheckedConfig,
  matchedBy,
  packageJson,
  packedModules,
  PROJECT_DIR,
  type PackedModule,
} from './electron-builder-setup';

/**
 * electron-builder.yml, checked offline with electron-builder's own code: its config loader and
 * schema validator (app-builder-lib), its file matchers and its production-module collector. The
 * Electron binary is needed only to package, which the release workflow does on GitHub's runners.
 */

/** Every file under `dir`, relative to the project. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(PROJECT_DIR, join(entry.parentPath, entry.name)));
}

function dependenciesOf(moduleDir: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(moduleDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return manifest.dependencies ?? {};
}

type TargetEntry = string | { target: string; arch?: string | string[] };

function targetsOf(platform: { target?: unknown } | null | undefined): Map<string, string[]> {
  const entries = (platform?.target ?? []) as TargetEntry[];
  return new Map(
    entries.map((entry) =>
      typeof entry === 'string'
        ? [entry, []]
        : [entry.target, entry.arch === undefined ? [] : [entry.arch].flat()],
    ),
  );
}

const HARDENED_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
  resetAdHocDarwinSignature: true,
};

describe('electron-builder.yml', () => {
  let release: Configuration;
  let smoke: Configuration;

  beforeAll(async () => {
    release = await loadCheckedConfig('electron-builder.yml');
    smoke = await loadCheckedConfig('electron-builder.smoke.yml');
  });

  it("passes electron-builder's own schema check, which does refuse a misspelt option", async () => {
    // The release and smoke configs were validated in beforeAll; the validator is not a no-op:
    const { validateConfiguration } = await import('app-builder-lib/out/util/config/config');
    const { DebugLogger } = await import('builder-util');
    await expect(
      validateConfiguration(
        { ...release, asarUnpak: ['**/*.node'] } as Configuration,
        new DebugLogger(false),
      ),
    ).rejects.toThrow(/unknown property 'asarUnpak'/);
  });

  it('names the app as package.json does', () => {
    // The id the app gives Windows for its toasts must be the installer shortcut's.
    expect(release.appId).toBe(APP_ID);
    expect(release.productName).toBe(packageJson.productName);
  });

  describe('what is packed', () => {
    let modules: PackedModule[];

    beforeAll(async () => {
      modules = await packedModules();
    }, 60_000);

    it('takes the built app and package.json, never sources, tests or tools', () => {
      const packs = matchedBy(release, 'files');
      expect(packs('package.json')).toBe(true);
      expect(packs('out/main/index.js')).toBe(true);
      expect(packs('out/preload/index.cjs')).toBe(true);
      for (const file of [
        'src/main/index.ts',
        'test/build/electron-builder-config.test.ts',
        'scripts/generate-icons.ts',
        'electron-builder.yml',
        'vitest.config.ts',
      ]) {
        expect(packs(file), file).toBe(false);
      }
    });

    it('packs every production dependency and no development one', () => {
      const names = new Set(modules.map((module) => module.name));
      for (const dependency of Object.keys(packageJson.dependencies)) {
        expect(names, dependency).toContain(dependency);
      }
      // A development tool is packed only when a packed module needs it (conf: electron-store's core).
      const neededByPacked = new Set(
        modules.flatMap((module) => Object.keys(dependenciesOf(module.dir))),
      );
      const packedTools = Object.keys(packageJson.devDependencies).filter((tool) =>
        names.has(tool),
      );
      for (const tool of packedTools) expect(neededByPacked, tool).toContain(tool);
      for (const tool of [
        'electron',
        'electron-builder',
        'vite',
        'svelte',
        'vitest',
        'typescript',
      ]) {
        expect(names, tool).not.toContain(tool);
      }
    });

    it("unpacks keytar's native .node files from the asar archive, and only those", () => {
      const keytar = modules.find((module) => module.name === 'keytar');
      expect(keytar, 'keytar is packed').toBeDefined();
      const files = filesUnder(keytar?.dir ?? '');
      const nativeFiles = files.filter((file) => file.endsWith('.node'));
      expect(nativeFiles.length, 'keytar is built: run npm ci').toBeGreaterThan(0);

      const unpacks = matchedBy(release, 'asarUnpack');
      for (const file of nativeFiles) expect(unpacks(file), file).toBe(true);
      // Its JavaScript stays inside the archive (covered by the ASAR integrity fuse).
      expect(unpacks('node_modules/keytar/lib/keytar.js')).toBe(false);
      expect(unpacks('node_modules/keytar/package.json')).toBe(false);
    });

    it('unpacks no other module: only keytar has native code', () => {
      const unpacks = matchedBy(release, 'asarUnpack');
      const others = modules.filter((module) => module.name !== 'keytar');
      for (const module of others) {
        const unpacked = filesUnder(module.dir).filter(unpacks);
        expect(unpacked, module.name).toEqual([]);
        expect(
          filesUnder(module.dir).filter((file) => file.endsWith('.node')),
          `${module.name} has a native file that would need unpacking`,
        ).toEqual([]);
      }
    });

    it('copies the tray images the app reads at run time beside the archive', () => {
      const [resource] = (release.extraResources ?? []) as {
        from: string;
        to: string;
        filter: string[];
      }[];
      expect(resource).toMatchObject({ from: 'assets', to: 'assets', filter: ['tray*'] });
      for (const platform of ['darwin', 'win32', 'linux'] as const) {
        const file = trayIconPath(platform, 'assets');
        expect(file, platform).toMatch(/^assets[/\\]tray/);
        expect(() => readFileSync(join(PROJECT_DIR, file)), platform).not.toThrow();
      }
    });
  });

  describe('release hardening', () => {
    it('flips every hardening fuse', () => {
      expect(release.electronFuses).toEqual(HARDENED_FUSES);
    });

    it('gives the smoke-test build the inspect fuse Playwright needs, and nothing else', () => {
      expect(smoke.electronFuses).toEqual({
        ...HARDENED_FUSES,
        enableNodeCliInspectArguments: true,
      });
      const {
        electronFuses: _releaseFuses,
        directories: releaseDirs,
        publish: _p,
        ...rest
      } = release;
      const {
        electronFuses: _smokeFuses,
        directories: smokeDirs,
        publish,
        extends: parent,
        ...smokeRest
      } = smoke;
      // On a Mac it is never signed with a Developer ID: ad hoc is enough to run it.
      expect(smokeRest).toEqual({ ...rest, mac: { ...rest.mac, identity: null } });
      expect(parent).toBe('electron-builder.yml');
      // Its own output folder, and never published.
      expect(smokeDirs?.output).toBe('dist-smoke');
      expect(releaseDirs?.output).toBe('dist');
      expect(publish).toBeNull();
    });

    it('packs into an asar archive', () => {
      expect(release.asar).toBe(true);
    });
  });

  describe('installers', () => {
    it('Windows: a per-user NSIS installer with a Start-menu entry', () => {
      expect([...targetsOf(release.win).keys()]).toEqual(['nsis']);
      expect(release.nsis).toMatchObject({
        oneClick: true,
        perMachine: false,
        createStartMenuShortcut: true,
        deleteAppDataOnUninstall: false,
      });
    });

    it('macOS: DMG and ZIP for Apple silicon and Intel, a menu-bar app with a hardened runtime', () => {
      const targets = targetsOf(release.mac);
      expect([...targets.keys()]).toEqual(['dmg', 'zip']);
      for (const arches of targets.values()) expect(arches.sort()).toEqual(['arm64', 'x64']);
      expect(release.mac?.extendInfo).toMatchObject({ LSUIElement: true });
      expect(release.mac?.hardenedRuntime).toBe(true);

      const entitlements = readFileSync(join(PROJECT_DIR, release.mac?.entitlements ?? ''), 'utf8');
      expect(release.mac?.entitlementsInherit).toBe(release.mac?.entitlements);
      // Only the exception V8 needs: the broader ones would weaken the hardened runtime.
      const granted = [...entitlements.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map(
        (match) => match[1],
      );
      expect(granted).toEqual(['com.apple.security.cs.allow-jit']);
    });

    it('Linux: AppImage and a deb that depends on libsecret, in the Network menu category', () => {
      expect([...targetsOf({ target: release.linux?.target }).keys()]).toEqual(['AppImage', 'deb']);
      expect(release.linux?.category).toBe('Network');
      expect(release.deb?.depends).toContain('libsecret-1-0');
      expect(release.linux?.executableName).toBe('proxy-tray');
    });

    it('uses the icons generated from assets/icon.svg for every platform', () => {
      const generated = new Set(ICON_OUTPUTS.map((output) => output.file));
      expect(release.directories?.buildResources).toBe('assets');
      expect(generated).toContain(release.win?.icon);
      expect(generated).toContain(release.mac?.icon);
      // Linux: a folder of sizes, each file named by its size as electron-builder requires.
      const linuxIcons = [...generated].filter((file) =>
        file.startsWith(`${release.linux?.icon}/`),
      );
      expect(linuxIcons.length).toBeGreaterThanOrEqual(5);
      for (const file of linuxIcons) expect(file).toMatch(/\/(\d+)x\1\.png$/);
    });

    it('publishes to GitHub releases, where electron-updater looks for updates', () => {
      expect(release.publish).toMatchObject({ provider: 'github', releaseType: 'draft' });
    });
  });
});
