import type { DesktopStatus } from '../../shared/views/desktop-status';
import type { ShortcutResult } from './shortcut-port';

type Listener = (status: DesktopStatus) => void;

/**
 * Holds what the desktop refused the app (see DesktopStatus), so that the settings panel, the
 * tray's menu and its tooltip say it, and forget it as soon as it is solved.
 */
export class DesktopStatusService {
  #status: DesktopStatus = { shortcutProblem: null, trayHelp: null };
  readonly #listeners = new Set<Listener>();

  current(): DesktopStatus {
    return this.#status;
  }

  shortcutApplied(result: ShortcutResult): void {
    this.#change({ shortcutProblem: result.ok ? null : result.message });
  }

  /** The one-line help shown while the desktop has no tray; null once it has one. */
  trayHelp(text: string | null): void {
    this.#change({ trayHelp: text });
  }

  onChange(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #change(patch: Partial<DesktopStatus>): void {
    const next = { ...this.#status, ...patch };
    if (
      next.shortcutProblem === this.#status.shortcutProblem &&
      next.trayHelp === this.#status.trayHelp
    ) {
      return;
    }
    this.#status = next;
    for (const listener of this.#listeners) listener(next);
  }
}
