/**
 * The system the popup runs on, as Node's `process.platform` names it: the shortcut recorder
 * records and shows keys in its words (⌘ on macOS, Ctrl elsewhere). Read from the user agent:
 * the renderer has no `process`, and the platform is no secret worth a channel.
 */
export function userPlatform(
  userAgent: string = navigator.userAgent,
): 'darwin' | 'win32' | 'linux' {
  if (/Mac OS X|Macintosh/.test(userAgent)) return 'darwin';
  if (/Windows/.test(userAgent)) return 'win32';
  return 'linux';
}
