import { posix, win32 } from 'node:path';
import { browserKindOf, type BrowserKind } from './browser-kind';

/** The browsers looked for, in the order they are preferred. */
export type BrowserProduct = 'chrome' | 'chromium' | 'edge' | 'brave' | 'firefox';

export interface BrowserCandidate {
  /** `setting` when it is the path the user chose in Settings. */
  product: BrowserProduct | 'setting';
  kind: BrowserKind;
  /** The executable, absolute. */
  path: string;
}

/** What discovery reads of the machine, injected so that every OS can be tested on any. */
export interface BrowserFacts {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  exists(path: string): boolean;
  /** The full path of a command found on PATH (`which`), or undefined. */
  lookup(command: string): string | undefined;
  /** The browser path setting: an executable (or a macOS `.app`, or a command name). */
  settingPath?: string | undefined;
}

export interface BrowserSearch {
  /** Best first; empty when none was found. */
  candidates: BrowserCandidate[];
  /** Every file checked, in order, so that "none found" can say exactly where it looked. */
  lookedAtPaths: string[];
  /** Every command looked up on PATH, in order. */
  lookedUpCommands: string[];
  /** The path setting names nothing that exists (the other browsers were still looked for). */
  settingNotFound?: string;
}

/** Where a browser may be: a file, or a command on PATH. */
type Where = { path: string } | { command: string };
type Place = { product: BrowserProduct } & Where;

/**
 * The installed browsers, the path setting first, then Chrome, Chromium, Edge and Brave (whose
 * proxy switches are the same and well known), then Firefox (configured through a profile file).
 */
export function findBrowsers(facts: BrowserFacts): BrowserSearch {
  const search: BrowserSearch = { candidates: [], lookedAtPaths: [], lookedUpCommands: [] };
  const add = (product: BrowserCandidate['product'], path: string) => {
    if (!search.candidates.some((found) => found.path === path)) {
      search.candidates.push({ product, kind: browserKindOf(path), path });
    }
  };
  const setting = cleanSetting(facts.settingPath);
  if (setting !== undefined) {
    const path = settingExecutable(setting, facts, search);
    if (path === undefined) search.settingNotFound = setting;
    else add('setting', path);
  }
  for (const place of knownPlaces(facts.platform, facts.env)) {
    const path = locate(place, facts, search);
    if (path !== undefined) add(place.product, path);
  }
  return search;
}

/** The sentence the UI shows when no browser was found. */
export function noBrowserFoundMessage(search: BrowserSearch): string {
  const parts = ['No browser to open was found.'];
  if (search.settingNotFound !== undefined) {
    parts.push(`The browser path in Settings, ${search.settingNotFound}, does not exist.`);
  }
  if (search.lookedUpCommands.length > 0) {
    parts.push(`Looked on PATH for ${search.lookedUpCommands.join(', ')}.`);
  }
  if (search.lookedAtPaths.length > 0) {
    parts.push(`Looked at ${search.lookedAtPaths.join(', ')}.`);
  }
  parts.push("Set the browser's path in Settings to use another one.");
  return parts.join(' ');
}

/** A path pasted with its quotes (as Windows' "Copy as path" gives it) still counts. */
function cleanSetting(setting: string | undefined): string | undefined {
  const trimmed = setting
    ?.trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  return trimmed ? trimmed : undefined;
}

function settingExecutable(
  setting: string,
  facts: BrowserFacts,
  search: BrowserSearch,
): string | undefined {
  if (!/[/\\]/.test(setting)) return locate({ command: setting }, facts, search);
  // A macOS bundle is what Finder shows; the executable inside is named after it (Firefox's is lower case).
  const bundle = facts.platform === 'darwin' ? /([^/]+)\.app\/?$/.exec(setting) : null;
  if (bundle?.[1] !== undefined) {
    const macos = posix.join(setting, 'Contents', 'MacOS');
    for (const name of [bundle[1], bundle[1].toLowerCase()]) {
      const path = locate({ path: posix.join(macos, name) }, facts, search);
      if (path !== undefined) return path;
    }
    return undefined;
  }
  return locate({ path: setting }, facts, search);
}

function locate(where: Where, facts: BrowserFacts, search: BrowserSearch): string | undefined {
  if ('command' in where) {
    search.lookedUpCommands.push(where.command);
    return facts.lookup(where.command);
  }
  search.lookedAtPaths.push(where.path);
  return facts.exists(where.path) ? where.path : undefined;
}

function knownPlaces(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): Place[] {
  if (platform === 'win32') return windowsPlaces(env);
  if (platform === 'darwin') return macPlaces(env);
  return linuxPlaces();
}

/** Windows' variables are case-insensitive; an injected env object is not. */
function envValue(env: Readonly<Record<string, string | undefined>>, name: string) {
  const key = Object.keys(env).find((candidate) => candidate.toUpperCase() === name);
  const value = key === undefined ? undefined : env[key]?.trim();
  return value ? value : undefined;
}

/**
 * Per-machine installs land in Program Files (Edge in the x86 one, even on 64-bit Windows),
 * per-user installs under %LOCALAPPDATA%. Browsers are not on PATH there, so only files are checked.
 */
function windowsPlaces(env: Readonly<Record<string, string | undefined>>): Place[] {
  const programFiles = envValue(env, 'PROGRAMFILES');
  const programFilesX86 = envValue(env, 'PROGRAMFILES(X86)');
  const localAppData = envValue(env, 'LOCALAPPDATA');
  const under = (product: BrowserProduct, roots: (string | undefined)[], tail: string): Place[] =>
    roots
      .filter((root): root is string => root !== undefined)
      .map((root) => ({ product, path: win32.join(root, tail) }));
  const all = [programFiles, programFilesX86, localAppData];
  return [
    ...under('chrome', all, 'Google\\Chrome\\Application\\chrome.exe'),
    ...under('chromium', [localAppData, programFiles], 'Chromium\\Application\\chrome.exe'),
    ...under(
      'edge',
      [programFilesX86, programFiles, localAppData],
      'Microsoft\\Edge\\Application\\msedge.exe',
    ),
    ...under('brave', all, 'BraveSoftware\\Brave-Browser\\Application\\brave.exe'),
    ...under(
      'firefox',
      [programFiles, programFilesX86, localAppData],
      'Mozilla Firefox\\firefox.exe',
    ),
  ];
}

/** Apps live in /Applications, or in ~/Applications when installed for one user. */
function macPlaces(env: Readonly<Record<string, string | undefined>>): Place[] {
  const home = env['HOME']?.trim();
  const roots = ['/Applications', ...(home ? [posix.join(home, 'Applications')] : [])];
  const bundles: [BrowserProduct, string, string][] = [
    ['chrome', 'Google Chrome.app', 'Google Chrome'],
    ['chromium', 'Chromium.app', 'Chromium'],
    ['edge', 'Microsoft Edge.app', 'Microsoft Edge'],
    ['brave', 'Brave Browser.app', 'Brave Browser'],
    ['firefox', 'Firefox.app', 'firefox'],
  ];
  return bundles.flatMap(([product, app, executable]) =>
    roots.map((root) => ({
      product,
      path: posix.join(root, app, 'Contents', 'MacOS', executable),
    })),
  );
}

/**
 * Each command on PATH, then in /usr/bin and /snap/bin for an app started with a short PATH (a
 * desktop launcher's). Flatpak browsers are left to the path setting: their sandbox may not see
 * a profile folder under ~/.config.
 */
function linuxPlaces(): Place[] {
  const commands: [BrowserProduct, string[]][] = [
    ['chrome', ['google-chrome', 'google-chrome-stable']],
    ['chromium', ['chromium', 'chromium-browser']],
    ['edge', ['microsoft-edge', 'microsoft-edge-stable']],
    ['brave', ['brave-browser', 'brave']],
    ['firefox', ['firefox', 'firefox-esr']],
  ];
  return commands.flatMap(([product, names]) => [
    ...names.map((command) => ({ product, command })),
    ...names.flatMap((name) =>
      ['/usr/bin', '/snap/bin'].map((dir) => ({ product, path: posix.join(dir, name) })),
    ),
  ]);
}
