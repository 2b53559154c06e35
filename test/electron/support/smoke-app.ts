import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the smoke tests find the app they launch, and the refusal when it cannot be there. No
// Playwright here: the vitest refusal test (test/build/smoke-refusal.test.ts) runs this too.

export const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Points the smoke tests at another build of the app's executable. */
export const SMOKE_APP_ENV = 'PROXY_TRAY_SMOKE_APP';

export interface SmokeAppLookup {
  /** The project's root: node_modules/ and dist-smoke/ are under it. */
  root: string;
  platform: NodeJS.Platform;
  arch: NodeJS.Architecture;
  env: NodeJS.ProcessEnv;
}

export type SmokeAppCheck = { ok: true; executablePath: string } | { ok: false; message: string };

export const BUILD_COMMAND = 'npm run dist:smoke';
export const ELECTRON_INSTALL_COMMAND = 'node node_modules/electron/install.js';

const MAC_EXECUTABLE = 'Proxy Tray.app/Contents/MacOS/Proxy Tray';

/**
 * Where `electron-builder --dir` (electron-builder.smoke.yml, output dist-smoke/) leaves the
 * unpacked app's executable on this OS and architecture; x64 folders carry no arch suffix.
 */
export function smokeAppCandidates(
  root: string,
  platform: NodeJS.Platform,
  arch: NodeJS.Architecture,
): string[] {
  const suffix = arch === 'x64' ? '' : `-${arch}`;
  const under = (...parts: string[]) => join(root, 'dist-smoke', ...parts);
  switch (platform) {
    case 'linux':
      return [under(`linux${suffix}-unpacked`, 'proxy-tray')];
    case 'win32':
      return [under(`win${suffix}-unpacked`, 'Proxy Tray.exe')];
    case 'darwin':
      return [under(`mac${suffix}`, MAC_EXECUTABLE), under('mac-universal', MAC_EXECUTABLE)];
    default:
      return [];
  }
}

/**
 * What is wrong with node_modules/electron's binary, or undefined when it is installed. The
 * electron package ships no binary: its install script downloads the one path.txt names.
 */
export function electronBinaryProblem(root: string): string | undefined {
  const packageDir = join(root, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return `The Electron binary is not installed (${pathFile} is missing).`;
  }
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) {
    return `The Electron binary is not installed (${binary}, named by ${pathFile}, is missing).`;
  }
  return undefined;
}

/** The smoke build's executable, or a message that says what is missing and what to run. */
export function checkSmokeApp(lookup: SmokeAppLookup): SmokeAppCheck {
  const problems: string[] = [];
  const binaryProblem = electronBinaryProblem(lookup.root);
  if (binaryProblem) {
    problems.push(
      `${binaryProblem} Electron's install script downloads it: ${ELECTRON_INSTALL_COMMAND}`,
    );
  }

  const override = lookup.env[SMOKE_APP_ENV];
  let executablePath: string | undefined;
  if (override) {
    const path = isAbsolute(override) ? override : resolve(lookup.root, override);
    if (existsSync(path)) executablePath = path;
    else problems.push(`${SMOKE_APP_ENV} names ${path}, which does not exist.`);
  } else {
    const candidates = smokeAppCandidates(lookup.root, lookup.platform, lookup.arch);
    executablePath = candidates.find((candidate) => existsSync(candidate));
    if (candidates.length === 0) {
      problems.push(
        `There is no smoke build for ${lookup.platform}: set ${SMOKE_APP_ENV} to the app's executable.`,
      );
    } else if (!executablePath) {
      problems.push(
        `The smoke build is missing (looked for ${candidates.join(' and ')}). Build it with: ${BUILD_COMMAND} (it needs the Electron binary).`,
      );
    }
  }

  if (problems.length === 0 && executablePath) return { ok: true, executablePath };
  return {
    ok: false,
    message: [
      'The Electron smoke tests cannot run:',
      ...problems.map((problem) => `- ${problem}`),
      'They are not part of npm test; the release workflow (.github/workflows/release.yml) runs them on Linux, macOS and Windows.',
    ].join('\n'),
  };
}

export function currentLookup(): SmokeAppLookup {
  return {
    root: PROJECT_ROOT,
    platform: process.platform,
    arch: process.arch,
    env: process.env,
  };
}

/** The executable to launch; throws the refusal message when there is none. */
export function requireSmokeApp(lookup: SmokeAppLookup = currentLookup()): string {
  const check = checkSmokeApp(lookup);
  if (!check.ok) throw new Error(check.message);
  return check.executablePath;
}

/**
 * Where the packaged app's `proxy-tray` is (electron-builder.yml's extraResources: resources/bin/),
 * from its executable: beside it on Linux and Windows, in Contents/Resources on macOS.
 */
export function cliExecutableOf(appExecutable: string, platform: NodeJS.Platform): string {
  const resources =
    platform === 'darwin'
      ? join(appExecutable, '..', '..', 'Resources')
      : join(appExecutable, '..', 'resources');
  return join(resources, 'bin', platform === 'win32' ? 'proxy-tray.exe' : 'proxy-tray');
}
