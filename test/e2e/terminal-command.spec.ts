import { lstat, readFile, readlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { expect, test } from './support/popup-fixtures';
import { SIGNED_IN_STATES } from './support/popup-states';
import { required } from './support/popup-ui';
import {
  linkAnOlderCopy,
  openSettingsAtTerminalCommand,
  putAFileThere,
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
