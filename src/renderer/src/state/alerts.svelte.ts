import type { AlertView } from '../../../shared/views/alert-view';
import { bridge } from './bridge';

/** Expiring and blocked plans, and an expiring token: what the desktop notifications were about. */
class Alerts {
  list = $state.raw<readonly AlertView[]>([]);

  receive(list: readonly AlertView[]): void {
    this.list = list;
  }

  async load(): Promise<void> {
    const result = await bridge().alerts.list();
    // A failure here is not worth a toast: the next refresh sends the list again.
    if (result.ok) this.list = result.value;
  }
}

export const alerts = new Alerts();
