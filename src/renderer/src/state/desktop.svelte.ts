import type { DesktopStatus } from '../../../shared/views/desktop-status';
import { bridge } from './bridge';

/** What the desktop refused the app (a taken shortcut, no tray), as the main process reports it. */
class Desktop {
  status = $state.raw<DesktopStatus>({ shortcutProblem: null, trayHelp: null });
  /** Counts 'desktop:changed' events: an answer older than an event must not overwrite it. */
  #events = 0;

  receive(status: DesktopStatus): void {
    this.#events += 1;
    this.status = status;
  }

  async load(): Promise<void> {
    const eventsBefore = this.#events;
    const result = await bridge().desktop.status();
    // A failure is not worth a toast: the next change sends the status again.
    if (result.ok && this.#events === eventsBefore) this.status = result.value;
  }
}

export const desktop = new Desktop();
