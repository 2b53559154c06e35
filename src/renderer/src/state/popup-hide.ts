import { bridge } from './bridge';
import { toasts } from './toasts.svelte';

/** Hides the popup (Esc on an empty search, a copy with "Hide the popup after copying" on). */
export async function hidePopup(): Promise<void> {
  const result = await bridge().popup.hide();
  if (!result.ok) toasts.error(result.error.message);
}
