/**
 * When the popup opens and closes, as plain decisions: the glue in popup-window.ts only reports
 * events (blur, key presses, toggles) and does what these functions answer.
 */

/** The fields of Electron's `Input` (before-input-event) that identify a key press. */
export interface KeyInput {
  type: string;
  key: string;
  shift: boolean;
  control: boolean;
  alt: boolean;
  meta: boolean;
  isComposing?: boolean;
}

/** A bare Escape press closes the popup; Escape that ends an IME composition does not. */
export function isDismissKey(input: KeyInput): boolean {
  return (
    input.type === 'keyDown' &&
    input.key === 'Escape' &&
    !input.isComposing &&
    !input.shift &&
    !input.control &&
    !input.alt &&
    !input.meta
  );
}

export type ToggleAction = 'show' | 'hide' | 'stay-hidden';

/**
 * Clicking the tray icon while the popup is open first takes focus from the popup, which hides
 * it on blur, and then delivers the click, which would show it again at once. A toggle that
 * arrives within `blurGraceMs` of a blur-hide is that same click: the popup stays hidden.
 */
export const BLUR_GRACE_MS = 300;

export interface PopupToggle {
  /** Record that the popup has just hidden because it lost focus. */
  hiddenByBlur(): void;
  /** What a toggle (tray click, shortcut) should do now. */
  decide(visible: boolean): ToggleAction;
}

export function createPopupToggle(
  now: () => number = Date.now,
  blurGraceMs: number = BLUR_GRACE_MS,
): PopupToggle {
  let hiddenByBlurAt: number | undefined;
  return {
    hiddenByBlur() {
      hiddenByBlurAt = now();
    },
    decide(visible) {
      if (visible) return 'hide';
      const justHidden = hiddenByBlurAt !== undefined && now() - hiddenByBlurAt < blurGraceMs;
      // One blur swallows one toggle: the next click opens the popup again.
      hiddenByBlurAt = undefined;
      return justHidden ? 'stay-hidden' : 'show';
    },
  };
}
