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
 * After each refresh: shows the alerts not shown before, remembers them, and keeps the count of
 * plans that need attention for the tray's badge.
 */
export class AlertService {
  readonly #options: AlertServiceOptions;
  #attentionCount = 0;

  constructor(options: AlertServiceOptions) {
    this.#options = options;
  }

  get attentionCount(): number {
    return this.#attentionCount;
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
    if (decision.notify.length === 0) return;
    // Remembered first: a notifier that fails must not make every refresh try again.
    this.#options.notified.add(decision.notify.map((alert) => alert.key));
    for (const alert of decision.notify) this.#options.notify(alert);
  }
}
