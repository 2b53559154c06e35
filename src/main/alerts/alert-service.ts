import { type Alert, type AlertPlan, decideAlerts } from './alert-decisions';
import type { NotifiedAlerts } from './notified-alerts';

export interface AlertServiceOptions {
  notified: NotifiedAlerts;
  /** Shows one desktop notification (Electron's Notification in the app). */
  notify: (alert: Alert) => void;
  /** Days ahead that count as "expiring soon" (a setting). */
  warnDays: () => number;
  now?: () => Date;
}

/**
 * After each refresh: shows the alerts not shown before, remembers them, and keeps the alerts that
 * hold now for the popup's list and the tray's badge.
 */
export class AlertService {
  readonly #options: AlertServiceOptions;
  readonly #listeners = new Set<(current: readonly Alert[]) => void>();
  #current: readonly Alert[] = [];
  #attentionCount = 0;

  constructor(options: AlertServiceOptions) {
    this.#options = options;
  }

  /** Plans expiring soon or blocked: the tray's badge. */
  get attentionCount(): number {
    return this.#attentionCount;
  }

  /** Every alert that holds now, notified before or not. */
  current(): readonly Alert[] {
    return this.#current;
  }

  onChange(listener: (current: readonly Alert[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  review(accountId: string, plans: readonly AlertPlan[], tokenExpiresAt?: string): void {
    const decision = decideAlerts({
      accountId,
      plans,
      tokenExpiresAt: tokenExpiresAt ? new Date(tokenExpiresAt) : undefined,
      now: (this.#options.now ?? (() => new Date()))(),
      warnDays: this.#options.warnDays(),
      alreadyNotified: this.#options.notified.keys(),
    });
    this.#attentionCount = decision.attentionCount;
    this.#setCurrent(decision.current);
    if (decision.notify.length === 0) return;
    // Remembered first: a notifier that fails must not make every refresh try again.
    this.#options.notified.add(decision.notify.map((alert) => alert.key));
    for (const alert of decision.notify) this.#options.notify(alert);
  }

  /** Signed out: nothing holds any more (what was notified stays remembered). */
  clear(): void {
    this.#attentionCount = 0;
    this.#setCurrent([]);
  }

  #setCurrent(current: readonly Alert[]): void {
    const same =
      current.length === this.#current.length &&
      current.every((alert, index) => sameAlert(alert, this.#current[index]));
    this.#current = current;
    if (same) return;
    for (const listener of this.#listeners) listener(current);
  }
}

function sameAlert(one: Alert, other: Alert | undefined): boolean {
  return (
    other !== undefined &&
    one.key === other.key &&
    one.title === other.title &&
    one.body === other.body
  );
}
