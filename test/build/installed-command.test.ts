import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from 'app-builder-lib';
import { USER_PATH_COMMAND } from '../../src/cli/user-path/user-path-command';
import { cliExecutableOf } from '../electron/support/smoke-app';
import { loadCheckedConfig, PROJECT_DIR } from './electron-builder-setup';
import { regExpText } from '../support/regexp-text';

/**
 * `proxy-tray` on the PATH of an installed build: the .deb's scripts link /usr/bin/proxy-tray to
 * the command line, the Windows installer puts resources\bin on the user's PATH. The installers are
 * built and run by the release workflow only; here their scripts are checked against electron-
 * builder's own templates, with bash's parser and with NSIS's compiler.
 */

const run = promisify(execFile);
const TEMPLATES = join(PROJECT_DIR, 'node_modules/app-builder-lib/templates/linux');
const APP_TARGET = "'/opt/${sanitizedProductName}/${executable}'";
const CLI_TARGET = "'/opt/${sanitizedProductName}/resources/bin/${executable}'";

let release: Configuration;
beforeAll(async () => {
  release = await loadCheckedConfig('electron-builder.yml');
});

/** Our template, its explaining comment taken off. */
function oursWithoutComment(file: string): string {
  return readFileSync(join(PROJECT_DIR, file), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('# Proxy Tray:'))
    .join('\n')
    .replace('#!/bin/bash\n\n\n', '#!/bin/bash\n\n');
}

/** A template as electron-builder's FpmTarget fills it for this app. */
function rendered(file: string): string {
  const values: Record<string, string> = {
    executable: release.linux?.executableName ?? '',
    sanitizedProductName: 'Proxy Tray',
  };
  return readFileSync(join(PROJECT_DIR, file), 'utf8').replace(
    /\${([a-zA-Z]+)}/g,
    (_, name: string) => values[name] ?? `\${${name}}`,
  );
}

describe('the .deb: /usr/bin/proxy-tray is the command line', () => {
  it("uses our scripts, which are electron-builder's own with the link's target changed", () => {
    expect(release.deb).toMatchObject({
      afterInstall: 'assets/linux/after-install.tpl',
      afterRemove: 'assets/linux/after-remove.tpl',
    });
    for (const name of ['after-install.tpl', 'after-remove.tpl']) {
      const theirs = readFileSync(join(TEMPLATES, name), 'utf8');
      expect(theirs, `electron-builder's ${name} no longer links the app: re-read it`).toContain(
        APP_TARGET,
      );
      expect(oursWithoutComment(`assets/linux/${name}`), name).toBe(
        theirs.replaceAll(APP_TARGET, CLI_TARGET),
      );
    }
  });

  it('links and unlinks the executable the app ships in resources/bin, and the menu still starts the app', async () => {
    const cli = cliExecutableOf('/opt/Proxy Tray/proxy-tray', 'linux');
    expect(cli).toBe('/opt/Proxy Tray/resources/bin/proxy-tray');
    const install = rendered('assets/linux/after-install.tpl');
    expect(install).toContain(
      `update-alternatives --install '/usr/bin/proxy-tray' 'proxy-tray' '${cli}' 100 || ln -sf '${cli}' '/usr/bin/proxy-tray'`,
    );
    expect(install).toContain("chmod 4755 '/opt/Proxy Tray/chrome-sandbox'");
    expect(rendered('assets/linux/after-remove.tpl')).toContain(
      `update-alternatives --remove 'proxy-tray' '${cli}'`,
    );
    // The shipped executable's place: electron-builder.yml's extraResources.
    expect(release.extraResources).toContainEqual({ from: 'out/cli-executable', to: 'bin' });
    const base = await mkdtemp(join(tmpdir(), 'pt-deb-scripts-'));
    try {
      for (const name of ['after-install.tpl', 'after-remove.tpl']) {
        const script = join(base, name);
        await writeFile(script, rendered(`assets/linux/${name}`));
        await expect(run('bash', ['-n', script]), name).resolves.toBeDefined();
      }
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});

describe("the Windows installer: resources\\bin on the user's PATH", () => {
  const include = () => readFileSync(join(PROJECT_DIR, 'assets/installer.nsh'), 'utf8');

  it('runs the installed proxy-tray.exe to add its folder, and to remove it on an uninstall that is not an update', () => {
    expect(release.nsis?.include).toBe('assets/installer.nsh');
    const exe = cliExecutableOf('$INSTDIR/Proxy Tray.exe', 'win32').replaceAll('/', '\\');
    expect(exe).toBe('$INSTDIR\\resources\\bin\\proxy-tray.exe');
    const text = include();
    const install = text.slice(text.indexOf('!macro customInstall'));
    const uninstall = text.slice(text.indexOf('!macro customUnInstall'));
    expect(install).toMatch(
      new RegExp(
        `^!macro customInstall\\s+nsExec::ExecToLog '"${regExpText(exe)}" ${USER_PATH_COMMAND} add'`,
      ),
    );
    expect(uninstall).toMatch(
      new RegExp(
        `^!macro customUnInstall\\s+\\$\\{ifNot\\} \\$\\{isUpdated\\}\\s+nsExec::ExecToLog '"${regExpText(exe)}" ${USER_PATH_COMMAND} remove'`,
      ),
    );
    for (const macro of [install, uninstall]) {
      expect(macro.slice(0, macro.indexOf('!macroend'))).toContain(
        'SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000',
      );
    }
  });

  // NSIS from Debian (our machines and the Linux runner); the Windows runner builds the real one.
  it.runIf(process.platform === 'linux')(
    'compiles with NSIS, in an installer and an uninstaller',
    async () => {
      if (!existsSync('/usr/bin/makensis')) {
        throw new Error(
          'makensis is missing: install the Debian package nsis (apt-get install nsis).',
        );
      }
      const base = await mkdtemp(join(tmpdir(), 'pt-nsis-'));
      try {
        const script = join(base, 'check.nsi');
        // isUpdated comes from electron-builder's own NSIS files; a condition of the same shape here.
        await writeFile(
          script,
          [
            'Unicode true',
            `OutFile "${join(base, 'check.exe')}"`,
            'RequestExecutionLevel user',
            '!include "LogicLib.nsh"',
            '!define isUpdated `"$R9" == "1"`',
            `!include "${join(PROJECT_DIR, 'assets/installer.nsh')}"`,
            'Section "Install"',
            '  !insertmacro customInstall',
            '  WriteUninstaller "$INSTDIR\\uninstall.exe"',
            'SectionEnd',
            'Section "un.Uninstall"',
            '  !insertmacro customUnInstall',
            'SectionEnd',
          ].join('\n'),
        );
        // -WX: a warning (an unknown define, a macro that does not exist) fails the build.
        await expect(run('makensis', ['-WX', '-V2', script])).resolves.toBeDefined();
        expect(existsSync(join(base, 'check.exe'))).toBe(true);
      } finally {
        await rm(base, { recursive: true, force: true });
      }
    },
  );
});
