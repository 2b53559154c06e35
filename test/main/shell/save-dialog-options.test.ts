import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveDialogOptions } from '../../../src/main/shell/save-dialog-options';

describe('saveDialogOptions', () => {
  it('warns about passwords in the title (all systems) and the message (macOS)', () => {
    const options = saveDialogOptions('Residential US.csv', 'csv', '/home/ana/Documents');
    expect(options.title).toMatch(/passwords/);
    expect(options.message).toMatch(/passwords in plain text/);
    expect(options.defaultPath).toBe(join('/home/ana/Documents', 'Residential US.csv'));
    expect(options.properties).toContain('showOverwriteConfirmation');
  });

  it('offers the file’s own type first, then any file', () => {
    expect(saveDialogOptions('a.txt', 'lines', '/d').filters).toEqual([
      { name: 'Text, one proxy per line', extensions: ['txt'] },
      { name: 'All files', extensions: ['*'] },
    ]);
    expect(saveDialogOptions('a.json', 'json', '/d').filters[0]).toEqual({
      name: 'JSON',
      extensions: ['json'],
    });
  });

  it('says which CSV it is, in the file type (all systems) and the message (macOS)', () => {
    const exact = saveDialogOptions('a.csv', 'csv', '/d');
    expect(exact.filters[0]).toEqual({
      name: 'CSV, exact values (for importing into tools)',
      extensions: ['csv'],
    });
    expect(exact.message).toMatch(/^CSV, exact values/);
    const guarded = saveDialogOptions('a.csv', 'csv-spreadsheet', '/d');
    expect(guarded.filters[0]).toEqual({
      name: "CSV for spreadsheets (formulas neutralised: values starting with = + - @ get a ')",
      extensions: ['csv'],
    });
    expect(guarded.message).toMatch(/^CSV for spreadsheets \(formulas neutralised/);
  });
});
