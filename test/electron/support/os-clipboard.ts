import { exitStatusOf, isMissingTool, runTool } from './os-tools';

/**
 * The system clipboard's text, read by the OS's own tool from the test process, so that it can
 * still be read after the app has quit.
 *
 * On X11 (Linux under xvfb-run) a clipboard lives in the process that owns it: once the app
 * exits there is nothing left to read, whether or not the app cleared it first. So on Linux
 * "the clipboard no longer holds the credentials after quit" proves much less than on macOS and
 * Windows, where the text would outlive the app unless the app cleared it.
 */
export async function readOsClipboard(
  platform: NodeJS.Platform = process.platform,
): Promise<string> {
  switch (platform) {
    case 'darwin':
      return (await runTool('pbpaste', [])).stdout;
    case 'win32': {
      const { stdout } = await runTool('powershell', ['-NoProfile', '-Command', 'Get-Clipboard']);
      // Get-Clipboard ends its output with a line break of its own.
      return stdout.replace(/\r?\n$/, '');
    }
    case 'linux':
      try {
        return (await runTool('xclip', ['-o', '-selection', 'clipboard'])).stdout;
      } catch (error) {
        // "Error: target UTF8_STRING not available": the clipboard has no owner, so no text.
        if (exitStatusOf(error) === 1 && /not available/.test(String(error))) return '';
        if (isMissingTool(error)) {
          throw new Error('xclip is missing: apt-get install xclip', { cause: error });
        }
        throw error;
      }
    default:
      throw new Error(`No clipboard tool is known for ${platform}.`);
  }
}
