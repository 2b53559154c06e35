import { readStoredBytes } from './conf-file';
import { backUpInvalidFile } from './invalid-file-backup';
import { type StoreRecovery, summariseProblems } from './store-recovery';
import { parseStoredJson } from './stored-json';

/** What a file's reader made of its content: every valid entry, and what it had to drop. */
export interface ReadFromFile<Content> {
  readonly content: Content;
  /** Plain sentences; empty when the file was fine. Any problem means the file must be backed up. */
  readonly problems: readonly string[];
}

export interface LoadedFile<Content> {
  readonly content: Content;
  /** Set when the file could not be used as it was and a backup of it was kept. */
  readonly recovery?: StoreRecovery;
}

/**
 * Reads a small store's JSON file (labels, host choices, favorites), one way for all: no file is
 * `empty()`; a file that is not JSON, or whose reader reports problems, is copied to
 * `<name>.invalid-<time>.json` first, and what could be read is kept. The caller writes the
 * content back when there is a recovery, so that the next start has nothing to report.
 */
export function loadRecoverableFile<Content>(
  filePath: string,
  what: string,
  now: () => Date,
  read: (stored: Readonly<Record<string, unknown>>) => ReadFromFile<Content>,
  empty: () => Content,
): LoadedFile<Content> {
  const bytes = readStoredBytes(filePath, what);
  if (bytes === undefined) return { content: empty() };
  const stored = parseStoredJson(bytes, what);
  const fromFile = stored.ok
    ? read(stored.value)
    : { content: empty(), problems: [stored.problem] };
  if (fromFile.problems.length === 0) return { content: fromFile.content };
  const backupPath = backUpInvalidFile(filePath, bytes, now());
  return {
    content: fromFile.content,
    recovery: { backupPath, problems: summariseProblems(fromFile.problems) },
  };
}
