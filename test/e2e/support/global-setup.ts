import { requireBuiltPopup } from './built-popup';
import { requireChromium } from './chromium';

/** Fails the whole run, with what to do, before any test starts. */
export default function globalSetup(): void {
  requireChromium();
  requireBuiltPopup();
}
