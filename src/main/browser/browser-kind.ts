import { posix, win32 } from 'node:path';

/**
 * The two ways a browser is told to use a proxy: the Chromium family (Chrome, Chromium, Edge,
 * Brave and their kin) reads command-line switches, Firefox reads preferences from its profile.
 */
export type BrowserKind = 'chromium' | 'firefox';

/** Firefox and the forks that keep its profile and preference format. */
const FIREFOX_NAMES = ['firefox', 'librewolf', 'waterfox', 'floorp', 'icecat'];

/**
 * The kind of the browser at `path`, read from its file name (and, on macOS, from the `.app`
 * bundle it sits in: `Firefox.app/Contents/MacOS/firefox`). Anything not recognisably Firefox is
 * taken as Chromium-family: that is what nearly every other desktop browser is, and its switches
 * are harmless words to a browser that ignores them.
 */
export function browserKindOf(path: string): BrowserKind {
  // Either separator: a Windows path set in Settings may be read on any OS in tests.
  const name = win32.basename(posix.basename(path)).toLowerCase();
  const bundle = /([^/\\]+)\.app[/\\]/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return FIREFOX_NAMES.some((firefox) => name.includes(firefox) || bundle.includes(firefox))
    ? 'firefox'
    : 'chromium';
}
