import { describe, expect, it } from 'vitest';
import { APP_PAGE_URL } from '../../../../src/main/shell/app-protocol/app-scheme';
import type { FrameIdentity } from '../../../../src/main/shell/popup/navigation-policy';
import { popupSenderCheck } from '../../../../src/main/shell/popup/popup-sender-check';

/** The popup's sender check as popup-window.ts builds it, over stand-ins of its window. */

const mainFrame: FrameIdentity = { processId: 4, routingId: 1, url: `${APP_PAGE_URL}#/plans` };

function popup(frame: FrameIdentity = mainFrame) {
  const state = { destroyed: false, mainFrame: frame };
  const window = { isDestroyed: () => state.destroyed };
  const contents = {
    get mainFrame() {
      // Electron throws when a destroyed window's contents are read.
      if (state.destroyed) throw new Error('Object has been destroyed');
      return state.mainFrame;
    },
  };
  return { state, isTrustedSender: popupSenderCheck(window, contents, APP_PAGE_URL) };
}

describe('popupSenderCheck', () => {
  it("trusts the popup's main frame showing its own page", () => {
    expect(popup().isTrustedSender({ ...mainFrame })).toBe(true);
  });

  it.each<[string, FrameIdentity | null | undefined]>([
    ['a subframe', { ...mainFrame, routingId: 2 }],
    ['another renderer process', { ...mainFrame, processId: 9 }],
    ['the main frame after navigating away', { ...mainFrame, url: 'https://evil.example/' }],
    ['no frame (it went away)', null],
    ['no frame at all', undefined],
  ])('trusts nothing else: %s', (_what, frame) => {
    expect(popup().isTrustedSender(frame)).toBe(false);
  });

  it('follows the main frame when the page is reloaded in a new renderer process', () => {
    const { state, isTrustedSender } = popup();
    const reloaded = { ...mainFrame, processId: 5 };
    state.mainFrame = reloaded;
    expect(isTrustedSender(reloaded)).toBe(true);
    expect(isTrustedSender(mainFrame)).toBe(false);
  });

  it('trusts nobody once the window is destroyed', () => {
    const { state, isTrustedSender } = popup();
    state.destroyed = true;
    expect(isTrustedSender(mainFrame)).toBe(false);
  });
});
