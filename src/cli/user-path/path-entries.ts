/**
 * The user's PATH as Windows keeps it (HKCU\Environment\Path): folders separated by `;`, compared
 * without regard to case or a trailing backslash, as Windows resolves them. Everything else in the
 * value — other folders, their order, `%VARIABLES%`, even empty entries — is kept as it was: this
 * value is the user's, and a PATH edited wrongly breaks every program they start.
 */

/** The value with `folder` at its end, or undefined when it is there already. */
export function withPathEntry(value: string, folder: string): string | undefined {
  if (entriesOf(value).some((entry) => sameFolder(entry, folder))) return undefined;
  if (value === '') return folder;
  return value.endsWith(';') ? `${value}${folder}` : `${value};${folder}`;
}

/** The value without `folder` (every copy of it), or undefined when it was not there. */
export function withoutPathEntry(value: string, folder: string): string | undefined {
  const entries = entriesOf(value);
  const kept = entries.filter((entry) => !sameFolder(entry, folder));
  return kept.length === entries.length ? undefined : kept.join(';');
}

function entriesOf(value: string): string[] {
  return value.split(';');
}

function sameFolder(entry: string, folder: string): boolean {
  return comparable(entry) === comparable(folder);
}

/** Windows' paths are case-insensitive, and `C:\a\` names the folder `C:\a` does. */
function comparable(folder: string): string {
  return folder.replace(/\\+$/, '').toLowerCase();
}
