import { clipboard, ClipboardItem } from 'electron';
import type { ClipboardPort } from '../clipboard/clipboard-port';

/**
 * The system clipboard, with copied secrets marked so that clipboard managers and the OS clipboard
 * history skip them (the conventions KeePassXC, 1Password and Bitwarden follow).
 *
 * Why one `clipboard.write([new ClipboardItem({...})])` and not `writeText` then `writeBuffer`:
 * each of the old write calls committed a fresh clipboard writer, which empties the clipboard
 * first, so a marker written with `writeBuffer` after `writeText` wiped the text (electron#2130,
 * electron#41462), and the old `write({ text, ... })` took no custom formats. Electron 45 has
 * neither `writeBuffer` nor that `write`: its W3C-style `write()` commits every type of an item
 * atomically, raw OS formats included (`electron application/osclipboard;format="NAME"`), so
 * the text and its markers land together.
 */

const rawFormat = (name: string) => `electron application/osclipboard;format="${name}"`;

/** Windows reads these two as a DWORD; 0 means "no". */
const dwordZero = () => new Blob([new Uint8Array(4)]);

function concealmentMarkers(): Record<string, string | Blob> {
  switch (process.platform) {
    case 'darwin':
      // nspasteboard.org: concealed = a password; transient = not worth keeping in a history.
      return {
        [rawFormat('org.nspasteboard.ConcealedType')]: 'secret',
        [rawFormat('org.nspasteboard.TransientType')]: 'secret',
      };
    case 'win32':
      return {
        [rawFormat('ExcludeClipboardContentFromMonitorProcessing')]: 'secret',
        [rawFormat('CanIncludeInClipboardHistory')]: dwordZero(),
        [rawFormat('CanUploadToCloudClipboard')]: dwordZero(),
      };
    case 'linux':
      // KDE's Klipper, CopyQ and GNOME extensions honour this target.
      return { [rawFormat('x-kde-passwordManagerHint')]: 'secret' };
    default:
      return {};
  }
}

export const electronClipboard: ClipboardPort = {
  readText: () => clipboard.readText(),
  async writeText(text, options) {
    if (!options?.concealed) return clipboard.writeText(text);
    try {
      await clipboard.write([new ClipboardItem({ 'text/plain': text, ...concealmentMarkers() })]);
    } catch {
      // A platform that refuses a marker format must still get the text.
      await clipboard.writeText(text);
    }
  },
  async clear() {
    clipboard.clear();
  },
};
