export type OpenLogsFolderResult = { ok: true } | { ok: false; folder: string; reason: string };

/**
 * Opens the folder the log file is in with the system's file manager: `openPath` is Electron's
 * shell.openPath, which answers an error message, or '' when the folder opened.
 */
export async function openLogsFolder(
  folder: string,
  openPath: (path: string) => Promise<string>,
): Promise<OpenLogsFolderResult> {
  let reason: string;
  try {
    reason = await openPath(folder);
  } catch (error) {
    reason = error instanceof Error ? error.message : String(error);
  }
  return reason === '' ? { ok: true } : { ok: false, folder, reason };
}
