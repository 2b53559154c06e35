/**
 * The popup's channels a script must never reach, as the tests expect them (written out here, not
 * read from the contract, so that a channel dropped from the contract's list fails a test): a
 * script has no popup to hide, no business quitting or restarting the app, and no password prompt
 * to raise.
 */
export const DESKTOP_ONLY_CHANNELS = [
  'popup:hide',
  'app:quit',
  'updates:restart',
  'logs:open-folder',
  'terminal-command:status',
  'terminal-command:install',
  'terminal-command:remove',
] as const;
