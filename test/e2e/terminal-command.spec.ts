import { lstat, mkdir, readFile, readlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { expectNoHorizontalScroll, expectShownWhole, ZOOM_200 } from './support/layout-checks';
import { expect, test } from './support/popup-fixtures';
import { SIGNED_IN_STATES } from './support/popup-states';
import { required } from './support/popup-ui';
import {
  linkAnOlderCopy,
  openSettingsAtTerminalCommand,
  putAFileThere,
  TERMINAL_COMMAND_STATES,
  terminalCommandPlace,
  terminalCommandRow,
} from './support/terminal-command-states';

test.describe('the proxy-tray command on macOS', () => {
  test.use({ harnessPlatform: 'darwin' });

  test('Install links the command, Installed shows, and Remove takes the link away', async ({
    popup,
  }) => {
    const { linkPath, targetPath } = terminalCommandPlace(popup.harness);
    const row = await openSettingsAtTerminalCommand(popup);
    await expect(row).toContainText('Not installed');

    await row.getByRole('button', { name: `Install in ${dirname(linkPath)}`, exact: true }).click();
    await expect(row).toContainText(`Installed: ${linkPath} runs this app's command.`);
    expect(await readlink(linkPath)).toBe(targetPath);

    await row.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(row).toContainText('Not installed');
    await expect(lstat(linkPath)).rejects.toMatchObject({ code: 'ENOENT' });
    // The app's own command is still there.
    expect(await readFile(targetPath, 'utf8')).toContain('proxy-tray');
  });

  test('a link to an older copy of the app is named and replaced', async ({ popup }) => {
    const { linkPath, targetPath } = terminalCommandPlace(popup.harness);
    const older = await linkAnOlderCopy(popup.harness);
    const row = await openSettingsAtTerminalCommand(popup);
    await expect(row).toContainText(`${linkPath} links to ${older}, not to this app`);

    await row.getByRole('button', { name: 'Replace', exact: true }).click();
    await expect(row).toContainText(`Installed: ${linkPath}`);
    expect(await readlink(linkPath)).toBe(targetPath);
    expect(await readFile(older, 'utf8')).toBe('#!/bin/sh\n');
  });

  test('where only an administrator may write, a closed password prompt changes nothing, and an approved one links', async ({
    popup,
  }) => {
    const place = terminalCommandPlace(popup.harness);
    place.folderOwnedByRoot = true;
    place.passwordPrompt = 'cancel';
    const row = await openSettingsAtTerminalCommand(popup);
    const install = row.getByRole('button', { name: /^Install in / });

    await install.click();
    await expect(row.getByRole('status')).toHaveText(
      'Nothing changed: the administrator password was not given.',
    );
    await expect(row).toContainText('Not installed');
    await expect(row.getByRole('alert')).toHaveCount(0);
    await expect(lstat(place.linkPath)).rejects.toMatchObject({ code: 'ENOENT' });

    place.passwordPrompt = 'approve';
    await install.click();
    await expect(row).toContainText(`Installed: ${place.linkPath}`);
    await expect(row.getByRole('status')).toHaveCount(0);
    expect(await readlink(place.linkPath)).toBe(place.targetPath);

    await row.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(row).toContainText('Not installed');
    await expect(lstat(place.linkPath)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('a failure is said in the row, and the state read again', async ({ popup }) => {
    const { linkPath } = terminalCommandPlace(popup.harness);
    // A file where the link's folder should be: no folder can be made there.
    await mkdir(dirname(dirname(linkPath)), { recursive: true });
    await writeFile(dirname(linkPath), '');
    const row = await openSettingsAtTerminalCommand(popup);
    await row.getByRole('button', { name: /^Install in / }).click();
    await expect(row.getByRole('alert')).toContainText(
      'The proxy-tray command could not be installed:',
    );
    await expect(row).toContainText('Not installed');
  });

  test('a file that is no link is left alone, with no button', async ({ popup }) => {
    const { linkPath } = terminalCommandPlace(popup.harness);
    await putAFileThere(popup.harness);
    const row = await openSettingsAtTerminalCommand(popup);
    await expect(row).toContainText(
      `${linkPath} is a file Proxy Tray did not put there, so it is left alone.`,
    );
    await expect(row.getByRole('button')).toHaveCount(0);
    expect(await readFile(linkPath, 'utf8')).toBe('not a link');
  });
});

// The folder in "Install in <folder>" and the paths in the row may be long: they wrap.
for (const [size, viewport] of [
  ['the popup', {}],
  ['200 % zoom', ZOOM_200],
] as const) {
  test.describe(`the proxy-tray command's row, at ${size}`, () => {
    test.use({ harnessPlatform: 'darwin', ...viewport });
    for (const [name, reach] of Object.entries(TERMINAL_COMMAND_STATES)) {
      test(`${name}: nothing scrolls sideways, each button is shown whole`, async ({ popup }) => {
        await reach(popup);
        await expectNoHorizontalScroll(popup.page);
        for (const button of await terminalCommandRow(popup.page).getByRole('button').all()) {
          await expectShownWhole(button);
        }
      });
    }
  });
}

test('elsewhere the installer puts the command on PATH: Settings has no such row', async ({
  popup,
}) => {
  const { page, api } = popup;
  await required(SIGNED_IN_STATES['settings'], 'the settings state')(page, api);
  await expect(page.getByRole('checkbox', { name: 'Command-line access' })).toBeVisible();
  // What the row is drawn from: nothing to show.
  const answer = await popup.harness.request('/__ipc/terminal-command:status', {
    method: 'POST',
    headers: { Origin: popup.harness.origin },
    body: '{}',
  });
  expect(await answer.json()).toEqual({ ok: true, value: { state: 'unavailable' } });
  await expect(terminalCommandRow(page)).toHaveCount(0);
  expect(popup.harness.terminalCommand).toBeUndefined();
});
