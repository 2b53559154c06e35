/**
 * The hidden command the scripts run to complete a PROXY: it prints one proxy reference per line
 * (a label or `host:port`, never a password). Its errors go to /dev/null and a failure offers
 * nothing, so a signed-out user's prompt is never written over.
 */
export const PROXY_CANDIDATES_COMMAND = 'proxy-tray __complete proxies';
