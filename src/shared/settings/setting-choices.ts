/* Plain constants of the settings, no zod: the popup imports them to build its controls. */

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const CLIPBOARD_CLEAR_MAX_SECONDS = 3600;
export const REFRESH_INTERVAL_MAX_MINUTES = 1440;

/** Plans and tokens ending within this many days are announced; 0 turns the announcements off. */
export const ALERT_WARNING_DAYS_MAX = 90;

/** A well-known public echo of the caller's address, over HTTPS, answering the bare IP as text. */
export const DEFAULT_CHECK_ECHO_URL = 'https://api64.ipify.org';

/** Local ports open at once: each holds a listener and its connections' sockets. */
export const LOCAL_PORTS_MAX = 500;

/** The longest a local port's connection may sit with nothing moving: a day. */
export const LOCAL_PORT_IDLE_MAX_MINUTES = 1440;

/** The most connections one local port may hold: each costs two of the app's file descriptors. */
export const LOCAL_PORT_CONNECTIONS_MAX = 10_000;
