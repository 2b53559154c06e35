/** What the guard needs from the system clipboard; Electron's glue is src/main/shell/clipboard.ts. */
export interface ClipboardPort {
  readText(): Promise<string>;
  /**
   * Replaces the clipboard's contents with `text`. `concealed` asks, where the platform has a
   * convention for it, that clipboard managers and clipboard history skip the text.
   */
  writeText(text: string, options?: { concealed?: boolean }): Promise<void>;
  clear(): Promise<void>;
}
