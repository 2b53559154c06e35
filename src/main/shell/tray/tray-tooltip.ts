import { stripBidiControls } from '../../../shared/text/bidi-controls';
import { alertSuffix, type TrayMenuInput } from './tray-menu-template';

/** Windows cuts tray tooltips at 127 UTF-16 units (NOTIFYICONDATA.szTip holds 128 with the NUL). */
export const MAX_TRAY_TOOLTIP_LENGTH = 127;

/**
 * "Proxy Tray (2 alerts) — <account>", or what stops the app from working. The alert count comes
 * first so that a long account name cut short never hides it. Plain text: no escaping.
 */
export function trayTooltip(
  input: Pick<TrayMenuInput, 'status' | 'accounts' | 'alerts' | 'shortcutProblem'>,
): string {
  const active = input.accounts.find((candidate) => candidate.active)?.title;
  // Plain text, like a menu: a direction control in the name would turn the words after it around.
  const account = active === undefined ? undefined : stripBidiControls(active).trim();
  const detail = (() => {
    switch (input.status) {
      case 'starting':
        return 'starting';
      case 'signed-out':
        return 'signed out';
      case 'rejected':
        return account ? `${account}: sign in again` : 'sign in again';
      case 'keychain-error':
        return 'keychain unavailable';
      default:
        return account ?? 'signed in';
    }
  })();
  const problem = input.shortcutProblem ? `\n${input.shortcutProblem}` : '';
  const text = `Proxy Tray${alertSuffix(input.alerts)} — ${detail.replace(/\s+/g, ' ')}${problem}`;
  if (text.length <= MAX_TRAY_TOOLTIP_LENGTH) return text;
  let short = '';
  // By code point, so that a character outside the BMP is never cut in half.
  for (const character of text) {
    if (short.length + character.length > MAX_TRAY_TOOLTIP_LENGTH - 1) break;
    short += character;
  }
  return `${short}…`;
}
