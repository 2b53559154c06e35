import { app, dialog, type BrowserWindow } from 'electron';
import type { SaveFile } from '../export/save-export';
import { writeExportFile } from '../export/write-export-file';
import { saveDialogOptions } from './save-dialog-options';

/** Asks where to save an export with the system's save dialog, then writes it there. */
export function saveWithDialog(
  withDialog: <Result>(open: (parent: BrowserWindow) => Promise<Result>) => Promise<Result>,
): SaveFile {
  return async ({ suggestedName, content, kind }) => {
    const options = saveDialogOptions(suggestedName, kind, app.getPath('documents'));
    const choice = await withDialog((parent) => dialog.showSaveDialog(parent, options));
    if (choice.canceled || !choice.filePath) return { saved: false };
    await writeExportFile(choice.filePath, content);
    return { saved: true, path: choice.filePath };
  };
}
