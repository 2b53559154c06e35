/** What of a browser's stderr is kept for a report: enough to say why it quit, never a flood. */
export const STDERR_LINES = 5;
export const STDERR_LINE_CHARS = 200;

/**
 * Collects the first lines of a child's stderr, bounded in count and length; the rest is read
 * and dropped (a pipe left unread would stall a chatty browser once its buffer fills).
 */
export class StderrHead {
  readonly #lines: string[] = [];
  #partial = '';

  push(chunk: string): void {
    if (this.#lines.length >= STDERR_LINES) return;
    const parts = (this.#partial + chunk).split(/\r?\n/);
    this.#partial = (parts.pop() ?? '').slice(0, STDERR_LINE_CHARS + 1);
    for (const line of parts) this.#keep(line);
  }

  /** The lines so far, the unfinished last one included; blank lines left out. */
  lines(): string[] {
    const lines = [...this.#lines];
    if (lines.length < STDERR_LINES && this.#partial.trim() !== '') {
      lines.push(shorten(this.#partial));
    }
    return lines;
  }

  #keep(line: string): void {
    if (this.#lines.length < STDERR_LINES && line.trim() !== '') this.#lines.push(shorten(line));
  }
}

function shorten(line: string): string {
  const trimmed = line.trimEnd();
  return trimmed.length > STDERR_LINE_CHARS ? `${trimmed.slice(0, STDERR_LINE_CHARS)}…` : trimmed;
}
