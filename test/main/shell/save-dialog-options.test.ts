import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveDialogOptions } from '../../../src/main/shell/save-dialog-options';

describe('saveDialogOptions', () => {
  it('warns about passwords in the title (all systems) and the message (macOS)', () => {
    const options = saveDialogOptions('Residential US.csv', '/home/ana/Documents');
    expect(options.title).toMatch(/passwords/);
    expect(options.message).toMatch(/passwords in plain text/);
    expect(options.defaultPath).toBe(join('/home/ana/Documents', 'Residential US.csv'));
    expect(options.properties).toContain('showOverwriteConfirmation');
  });

  it('offers the file’s own type first, then any file', () => {
    expect(saveDialogOptions('a.txt', '/d').filters).toEqual([
      { name: 'Text, one proxy per line', extensions: ['txt'] },
      { name: 'All files', extensions: ['*'] },
    ]);
    expect(saveDialogOptions('a.json', '/d').filters[0]).toEqual({
      name: 'JSON',
      extensions: ['json'],
    });
    expect(saveDialogOptions('a.csv', '/d').filters[0]?.name).toBe('CSV spreadsheet');
  });
});
