import { describe, expect, it } from 'vitest';
import {
  findBrowsers,
  noBrowserFoundMessage,
  type BrowserFacts,
} from '../../../src/main/browser/browser-discovery';
import { browserKindOf } from '../../../src/main/browser/browser-kind';

/** A machine where only `files` exist and only `commands` are on PATH. */
function machine(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
  files: string[],
  commands: Record<string, string> = {},
  settingPath?: string,
): BrowserFacts {
  return {
    platform,
    env,
    exists: (path) => files.includes(path),
    lookup: (command) => commands[command],
    settingPath,
  };
}

const WINDOWS_ENV = {
  PROGRAMFILES: 'C:\\Program Files',
  'PROGRAMFILES(X86)': 'C:\\Program Files (x86)',
  LOCALAPPDATA: 'C:\\Users\\Ann\\AppData\\Local',
};

describe('finding a browser on Windows', () => {
  it.each([
    ['C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe', 'chrome', 'chromium'],
    [
      'C:\\Users\\Ann\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
      'chrome',
      'chromium',
    ],
    ['C:\\Users\\Ann\\AppData\\Local\\Chromium\\Application\\chrome.exe', 'chromium', 'chromium'],
    ['C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe', 'edge', 'chromium'],
    [
      'C:\\Program Files\\BraveSoftware\\Brave-Browser\\Application\\brave.exe',
      'brave',
      'chromium',
    ],
    ['C:\\Program Files\\Mozilla Firefox\\firefox.exe', 'firefox', 'firefox'],
  ])('finds %s', (path, product, kind) => {
    const search = findBrowsers(machine('win32', WINDOWS_ENV, [path]));
    expect(search.candidates).toEqual([{ product, kind, path }]);
  });

  it('prefers Chrome, then Chromium, Edge, Brave, and Firefox last', () => {
    const search = findBrowsers(
      machine('win32', WINDOWS_ENV, [
        'C:\\Program Files\\Mozilla Firefox\\firefox.exe',
        'C:\\Program Files\\BraveSoftware\\Brave-Browser\\Application\\brave.exe',
        'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
        'C:\\Program Files\\Chromium\\Application\\chrome.exe',
        'C:\\Users\\Ann\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
      ]),
    );
    expect(search.candidates.map((found) => found.product)).toEqual([
      'chrome',
      'chromium',
      'edge',
      'brave',
      'firefox',
    ]);
  });

  it('reads the variables whatever their case, and skips the places of one that is not set', () => {
    const search = findBrowsers(
      machine('win32', { ProgramFiles: 'D:\\Apps', LocalAppData: ' ' }, []),
    );
    expect(search.lookedAtPaths).toEqual([
      'D:\\Apps\\Google\\Chrome\\Application\\chrome.exe',
      'D:\\Apps\\Chromium\\Application\\chrome.exe',
      'D:\\Apps\\Microsoft\\Edge\\Application\\msedge.exe',
      'D:\\Apps\\BraveSoftware\\Brave-Browser\\Application\\brave.exe',
      'D:\\Apps\\Mozilla Firefox\\firefox.exe',
    ]);
    // Browsers are not on PATH on Windows.
    expect(search.lookedUpCommands).toEqual([]);
  });
});

describe('finding a browser on macOS', () => {
  const env = { HOME: '/Users/ann' };

  it.each([
    ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', 'chrome', 'chromium'],
    ['/Applications/Chromium.app/Contents/MacOS/Chromium', 'chromium', 'chromium'],
    ['/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge', 'edge', 'chromium'],
    ['/Applications/Brave Browser.app/Contents/MacOS/Brave Browser', 'brave', 'chromium'],
    ['/Applications/Firefox.app/Contents/MacOS/firefox', 'firefox', 'firefox'],
    [
      '/Users/ann/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      'chrome',
      'chromium',
    ],
    ['/Users/ann/Applications/Firefox.app/Contents/MacOS/firefox', 'firefox', 'firefox'],
  ])('finds %s', (path, product, kind) => {
    expect(findBrowsers(machine('darwin', env, [path])).candidates).toEqual([
      { product, kind, path },
    ]);
  });

  it('looks in /Applications only when HOME is not set', () => {
    const search = findBrowsers(machine('darwin', {}, []));
    expect(search.lookedAtPaths).toHaveLength(5);
    expect(search.lookedAtPaths.every((path) => path.startsWith('/Applications/'))).toBe(true);
  });

  it('takes a .app bundle set in Settings as the executable inside it', () => {
    const firefox =
      '/Applications/Firefox Developer Edition.app/Contents/MacOS/firefox developer edition';
    const search = findBrowsers(
      machine('darwin', env, [firefox], {}, '/Applications/Firefox Developer Edition.app/'),
    );
    expect(search.candidates[0]).toEqual({ product: 'setting', kind: 'firefox', path: firefox });
  });

  it('says so when a .app bundle set in Settings holds no executable', () => {
    const search = findBrowsers(machine('darwin', env, [], {}, '/Applications/Vivaldi.app'));
    expect(search.settingNotFound).toBe('/Applications/Vivaldi.app');
    expect(search.lookedAtPaths.slice(0, 2)).toEqual([
      '/Applications/Vivaldi.app/Contents/MacOS/Vivaldi',
      '/Applications/Vivaldi.app/Contents/MacOS/vivaldi',
    ]);
  });
});

describe('finding a browser on Linux', () => {
  it('finds commands on PATH, in the order of preference', () => {
    const search = findBrowsers(
      machine('linux', {}, [], {
        firefox: '/usr/local/bin/firefox',
        'chromium-browser': '/usr/lib/chromium-browser/chromium-browser',
        'google-chrome-stable': '/opt/google/chrome/google-chrome',
        'brave-browser': '/opt/brave/brave-browser',
        'microsoft-edge': '/opt/microsoft/msedge/microsoft-edge',
      }),
    );
    expect(search.candidates).toEqual([
      { product: 'chrome', kind: 'chromium', path: '/opt/google/chrome/google-chrome' },
      { product: 'chromium', kind: 'chromium', path: '/usr/lib/chromium-browser/chromium-browser' },
      { product: 'edge', kind: 'chromium', path: '/opt/microsoft/msedge/microsoft-edge' },
      { product: 'brave', kind: 'chromium', path: '/opt/brave/brave-browser' },
      { product: 'firefox', kind: 'firefox', path: '/usr/local/bin/firefox' },
    ]);
  });

  it('finds /usr/bin and /snap/bin when PATH is short, and lists a file once', () => {
    const search = findBrowsers(
      machine('linux', {}, ['/usr/bin/chromium', '/snap/bin/firefox'], {
        chromium: '/usr/bin/chromium',
      }),
    );
    expect(search.candidates).toEqual([
      { product: 'chromium', kind: 'chromium', path: '/usr/bin/chromium' },
      { product: 'firefox', kind: 'firefox', path: '/snap/bin/firefox' },
    ]);
  });

  it('says exactly what it looked for when nothing is there', () => {
    const search = findBrowsers(machine('linux', {}, []));
    expect(search.candidates).toEqual([]);
    expect(search.lookedUpCommands).toEqual([
      'google-chrome',
      'google-chrome-stable',
      'chromium',
      'chromium-browser',
      'microsoft-edge',
      'microsoft-edge-stable',
      'brave-browser',
      'brave',
      'firefox',
      'firefox-esr',
    ]);
    expect(search.lookedAtPaths).toContain('/usr/bin/chromium');
    expect(search.lookedAtPaths).toContain('/snap/bin/firefox');
    expect(search.lookedAtPaths).toHaveLength(20);
    const message = noBrowserFoundMessage(search);
    expect(message).toMatch(/^No browser to open was found\. Looked on PATH for google-chrome, /);
    expect(message).toContain('/usr/bin/chromium, /snap/bin/chromium');
    expect(message).toMatch(/Set the browser's path in Settings to use another one\.$/);
  });
});

describe('the browser path setting', () => {
  it('comes before every browser found, its kind read from its name', () => {
    const search = findBrowsers(
      machine(
        'linux',
        {},
        ['/opt/librewolf/librewolf', '/usr/bin/chromium'],
        {},
        '/opt/librewolf/librewolf',
      ),
    );
    expect(search.candidates[0]).toEqual({
      product: 'setting',
      kind: 'firefox',
      path: '/opt/librewolf/librewolf',
    });
    expect(search.candidates[1]?.product).toBe('chromium');
  });

  it('takes a path pasted with quotes, and a bare command name from PATH', () => {
    const vivaldi = 'C:\\Program Files\\Vivaldi\\Application\\vivaldi.exe';
    expect(
      findBrowsers(machine('win32', {}, [vivaldi], {}, ` "${vivaldi}" `)).candidates[0],
    ).toEqual({ product: 'setting', kind: 'chromium', path: vivaldi });
    expect(
      findBrowsers(machine('linux', {}, [], { vivaldi: '/usr/bin/vivaldi' }, 'vivaldi'))
        .candidates[0],
    ).toEqual({ product: 'setting', kind: 'chromium', path: '/usr/bin/vivaldi' });
  });

  it('is named in the message when it points at nothing, and the others are still found', () => {
    const search = findBrowsers(machine('linux', {}, ['/usr/bin/firefox'], {}, '/opt/gone/chrome'));
    expect(search.settingNotFound).toBe('/opt/gone/chrome');
    expect(search.candidates).toEqual([
      { product: 'firefox', kind: 'firefox', path: '/usr/bin/firefox' },
    ]);
    const nothing = findBrowsers(machine('linux', {}, [], {}, '/opt/gone/chrome'));
    expect(noBrowserFoundMessage(nothing)).toContain(
      'The browser path in Settings, /opt/gone/chrome, does not exist.',
    );
    expect(nothing.lookedAtPaths[0]).toBe('/opt/gone/chrome');
  });

  it('is ignored when blank', () => {
    expect(findBrowsers(machine('linux', {}, [], {}, '  ')).settingNotFound).toBeUndefined();
  });
});

describe('the kind of a browser, from its file name', () => {
  it.each([
    ['/usr/bin/firefox', 'firefox'],
    ['/usr/bin/firefox-esr', 'firefox'],
    ['C:\\Program Files\\Mozilla Firefox\\FIREFOX.EXE', 'firefox'],
    ['/var/lib/flatpak/exports/bin/org.mozilla.firefox', 'firefox'],
    ['/Applications/Firefox Nightly.app/Contents/MacOS/firefox', 'firefox'],
    ['/Applications/LibreWolf.app/Contents/MacOS/librewolf', 'firefox'],
    ['/opt/waterfox/waterfox', 'firefox'],
    ['/usr/bin/chromium', 'chromium'],
    ['C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe', 'chromium'],
    ['/Applications/Brave Browser.app/Contents/MacOS/Brave Browser', 'chromium'],
    ['/opt/vivaldi/vivaldi', 'chromium'],
    // A folder named like Firefox does not make Chrome a Firefox.
    ['/home/ann/firefox-stuff/chrome', 'chromium'],
  ])('%s is %s', (path, kind) => {
    expect(browserKindOf(path)).toBe(kind);
  });
});
