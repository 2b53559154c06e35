/**
 * What a browser opened through a local port is started with: the app's environment without the
 * variables that hold secrets. PROXY_TRAY_TOKEN is the access token the browser preview signs in
 * with (`npm run preview`); a browser, and every helper, extension host or crash reporter it
 * starts, would otherwise inherit it.
 */
const WITHHELD = new Set(['PROXY_TRAY_TOKEN']);

export function browserEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  // Upper-cased: Windows reads variable names in any case.
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => !WITHHELD.has(name.toUpperCase())),
  );
}
