/**
 * What the registry uses of Electron's Notification: two of its events and showing it (narrow, so
 * that a test can hand it a stand-in; Electron's Notification fits it as it is).
 */
export interface ShowableNotification {
  // Two overloads, as Electron declares them: one signature taking 'click' | 'failed' would match
  // none of Notification's overloads, and Notification would no longer fit.
  on(event: 'click', listener: () => void): unknown;
  // eslint-disable-next-line @typescript-eslint/unified-signatures
  on(event: 'failed', listener: () => void): unknown;
  show(): void;
}

/** How many shown notifications are kept alive at most: alerts come a few a day. */
const MAX_KEPT = 32;

/**
 * Keeps each shown notification referenced until it is clicked or has failed. A notification only
 * a local variable refers to can be garbage-collected before its click arrives (electron#12690),
 * and a toast the system timed out still sits, clickable, in the Windows Action Center or the
 * macOS Notification Centre: 'close' is no reason to let go. The oldest go past MAX_KEPT.
 */
export class ShownNotifications<Shown extends ShowableNotification = ShowableNotification> {
  readonly #kept = new Set<Shown>();

  show(notification: Shown, onClick: () => void): void {
    this.#kept.add(notification);
    if (this.#kept.size > MAX_KEPT) {
      const [oldest] = this.#kept;
      if (oldest) this.#kept.delete(oldest);
    }
    notification.on('click', () => {
      this.#kept.delete(notification);
      onClick();
    });
    notification.on('failed', () => this.#kept.delete(notification));
    notification.show();
  }

  /** The last one shown that is still kept (for the smoke tests' probe). */
  newest(): Shown | undefined {
    return [...this.#kept].at(-1);
  }

  /** How many are kept now. */
  get size(): number {
    return this.#kept.size;
  }
}
