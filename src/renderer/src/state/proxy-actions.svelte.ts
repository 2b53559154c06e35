import type { CopyField, CopyFormat, HostChoice } from '../../../shared/credentials';
import type { IpcResult } from '../../../shared/ipc/ipc-error';
import { bridge } from './bridge';
import { copyFeedback } from './copy-feedback.svelte';
import { hidePopup } from './popup-hide';
import { navigation } from './navigation.svelte';
import { proxyFailed } from './proxy-notices';
import { settings } from './settings.svelte';

export type ProxyField = 'rotation' | 'interval' | 'label';

/**
 * Changes and copies of single proxies. The main process applies a change optimistically, rolls a
 * refusal back, and announces each step as an update of that one proxy; here a control is marked
 * busy from the click until the answer, and a refusal becomes a toast.
 */
class ProxyActions {
  /** Requests under way per `proxyId:field` (two quick interval picks are two requests). */
  #inFlight = $state.raw<Readonly<Record<string, number>>>({});

  busy(proxyId: number, field: ProxyField): boolean {
    return `${proxyId}:${field}` in this.#inFlight;
  }

  setRotation(proxyId: number, isRotating: boolean): Promise<boolean> {
    return this.#change(proxyId, 'rotation', bridge().proxy.setRotation({ proxyId, isRotating }));
  }

  setInterval(proxyId: number, seconds: number): Promise<boolean> {
    return this.#change(proxyId, 'interval', bridge().proxy.setInterval({ proxyId, seconds }));
  }

  setLabel(proxyId: number, label: string): Promise<boolean> {
    return this.#change(proxyId, 'label', bridge().proxy.setLabel({ proxyId, label }));
  }

  /**
   * A whole line (in `format`, else the default format) or one `field`; the toast says which.
   * Then hides the popup when the user asked for that and the shortcut opened it: every copy of one proxy (a row's button,
   * Enter or keys, its menu, Enter in the search box) comes here, so they all hide alike. A
   * refused copy keeps the popup open to show why.
   */
  async copy(
    proxyId: number,
    what: { format?: CopyFormat } | { field: CopyField } = {},
    hostChoice?: HostChoice,
  ): Promise<void> {
    const result = await bridge().credentials.copy({
      proxyId,
      ...what,
      ...(hostChoice ? { hostChoice } : {}),
    });
    if (!result.ok) return proxyFailed(proxyId, result.error);
    const { description, clearsInSeconds, colonWarning } = result.value;
    copyFeedback.copied(
      description,
      clearsInSeconds,
      colonWarning === undefined
        ? undefined
        : {
            message: colonWarning,
            // The URL form percent-encodes every field: nothing in it is misread.
            instead: {
              label: 'Copy as URL',
              run: () => void this.copy(proxyId, { format: 'http-url' }, hostChoice),
            },
          },
    );
    if (settings.view?.hideAfterCopy && navigation.openedByShortcut) await hidePopup();
  }

  /** The password, asked for only when the user shows it; null (with a toast) when refused. */
  async revealPassword(proxyId: number): Promise<string | null> {
    const result = await bridge().proxy.revealPassword({ proxyId });
    if (result.ok) return result.value.password;
    proxyFailed(proxyId, result.error);
    return null;
  }

  async #change(
    proxyId: number,
    field: ProxyField,
    request: Promise<IpcResult<unknown>>,
  ): Promise<boolean> {
    const key = `${proxyId}:${field}`;
    this.#count(key, +1);
    try {
      const result = await request;
      if (!result.ok) proxyFailed(proxyId, result.error);
      return result.ok;
    } finally {
      this.#count(key, -1);
    }
  }

  #count(key: string, step: 1 | -1): void {
    const { [key]: current = 0, ...others } = this.#inFlight;
    this.#inFlight = current + step > 0 ? { ...others, [key]: current + step } : others;
  }
}

export const proxyActions = new ProxyActions();
