import type { ClipboardPort } from '../../src/main/clipboard/clipboard-port';

/** Stand-in for the system clipboard (Electron's), recording how it was written to. */
export class MemoryClipboard implements ClipboardPort {
  text = '';
  concealed = false;
  readonly writes: { text: string; concealed: boolean }[] = [];
  clears = 0;
  reads = 0;
  /** When set, reads wait for it: lets a test act while the guard is reading. */
  readGate: Promise<void> | undefined;
  failWrites = false;
  failReads = false;

  async readText(): Promise<string> {
    this.reads += 1;
    if (this.readGate) await this.readGate;
    if (this.failReads) throw new Error('The clipboard could not be read.');
    return this.text;
  }

  async writeText(text: string, options?: { concealed?: boolean }): Promise<void> {
    if (this.failWrites) throw new Error('The clipboard could not be written.');
    this.text = text;
    this.concealed = options?.concealed ?? false;
    this.writes.push({ text, concealed: this.concealed });
  }

  async clear(): Promise<void> {
    this.clears += 1;
    this.text = '';
    this.concealed = false;
  }

  /** What a copy in another application does. */
  userCopies(text: string): void {
    this.text = text;
    this.concealed = false;
  }
}
