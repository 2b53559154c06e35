import type { BrowserWindow } from 'electron';
import { isTrustedSenderFrame, type FrameIdentity } from './navigation-policy';

/**
 * The popup's IPC sender check, bound to its window. The main frame is read at each message, not
 * once: a reload in a new renderer process gives the popup a new main frame. A destroyed
 * window trusts nobody (and its contents may no longer be read).
 */
export function popupSenderCheck(
  window: Pick<BrowserWindow, 'isDestroyed'>,
  contents: { readonly mainFrame: FrameIdentity },
  pageUrl: string,
): (frame: FrameIdentity | null | undefined) => boolean {
  return (frame) =>
    !window.isDestroyed() && isTrustedSenderFrame(frame, contents.mainFrame, pageUrl);
}
