import { describe, expect, it } from 'vitest';
import { openLogsFolder } from '../../../src/main/logging/logs-folder';

describe('openLogsFolder', () => {
  it('asks the file manager to open the folder, which answers an empty string when it did', async () => {
    const opened: string[] = [];
    const result = await openLogsFolder('/home/u/.config/Proxy Tray/logs', async (path) => {
      opened.push(path);
      return '';
    });
    expect(result).toEqual({ ok: true });
    expect(opened).toEqual(['/home/u/.config/Proxy Tray/logs']);
  });

  it('answers why not, and where the folder is, when it could not', async () => {
    expect(await openLogsFolder('/logs', async () => 'Failed to open path')).toEqual({
      ok: false,
      folder: '/logs',
      reason: 'Failed to open path',
    });
    expect(
      await openLogsFolder('/logs', async () => {
        throw new Error('xdg-open not found');
      }),
    ).toEqual({ ok: false, folder: '/logs', reason: 'xdg-open not found' });
  });
});
