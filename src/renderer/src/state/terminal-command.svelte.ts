import type { IpcResult } from '../../../shared/ipc/ipc-error';
import type {
  TerminalCommandChange,
  TerminalCommandView,
} from '../../../shared/views/terminal-command-view';
import { CANCELLED_NOTE } from '../lib/terminal-command-text';
import { bridge } from './bridge';

/** The `proxy-tray` command on PATH (macOS), as Settings shows and changes it. */
class TerminalCommand {
  view = $state.raw<TerminalCommandView | null>(null);
  /** An install or a removal is under way (macOS may be asking for a password). */
  busy = $state(false);
  /** What the last change said: a closed password prompt (calm), or why it failed. */
  note = $state.raw<{ text: string; failed: boolean } | null>(null);

  async load(): Promise<void> {
    const result = await bridge().terminalCommand.status();
    // Unreadable: no row, as where there is nothing to install.
    this.view = result.ok ? result.value : null;
  }

  install(): Promise<void> {
    return this.#change(() => bridge().terminalCommand.install());
  }

  remove(): Promise<void> {
    return this.#change(() => bridge().terminalCommand.remove());
  }

  async #change(call: () => Promise<IpcResult<TerminalCommandChange>>): Promise<void> {
    this.busy = true;
    this.note = null;
    try {
      const result = await call();
      if (result.ok) {
        this.view = result.value.view;
        if (result.value.cancelled) this.note = { text: CANCELLED_NOTE, failed: false };
      } else {
        this.note = { text: result.error.message, failed: true };
        // Whatever was done before it failed shows.
        await this.load();
      }
    } finally {
      this.busy = false;
    }
  }
}

export const terminalCommand = new TerminalCommand();
