import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Harness } from '../../../tools/preview/harness-server';
import type { HarnessTerminalCommand } from '../../../tools/preview/harness-terminal-command';
import { expect, type Popup } from './popup-fixtures';
import { SIGNED_IN_STATES } from './popup-states';
import { required } from './popup-ui';

// Settings' "proxy-tray command" row, which only a harness playing macOS shows (harnessPlatform
// 'darwin'): its states, shared by its own test, the accessibility checks and the screenshots.

export function terminalCommandRow(page: Page): Locator {
  return page.getByRole('group', { name: 'proxy-tray command', exact: true });
}

/** Where the harness links the command, to what, and its folder's owner and password prompt. */
export function terminalCommandPlace(harness: Harness): HarnessTerminalCommand {
  return required(harness.terminalCommand, 'a harness playing macOS');
}

/** Another copy of the app, elsewhere, whose link is at the command's place. */
export async function linkAnOlderCopy(harness: Harness): Promise<string> {
  const { linkPath } = terminalCommandPlace(harness);
  const older = join(dirname(dirname(linkPath)), 'Downloads', 'Proxy Tray.app', 'proxy-tray');
  await mkdir(dirname(older), { recursive: true });
  await writeFile(older, '#!/bin/sh\n');
  await mkdir(dirname(linkPath), { recursive: true });
  await symlink(older, linkPath);
  return older;
}

/** A file someone put at the command's place by hand. */
export async function putAFileThere(harness: Harness): Promise<void> {
  const { linkPath } = terminalCommandPlace(harness);
  await mkdir(dirname(linkPath), { recursive: true });
  await writeFile(linkPath, 'not a link');
}

export async function openSettingsAtTerminalCommand(popup: Popup): Promise<Locator> {
  await required(SIGNED_IN_STATES['settings'], 'the settings state')(popup.page, popup.api);
  const row = terminalCommandRow(popup.page);
  await expect(row).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  return row;
}

export const TERMINAL_COMMAND_STATES: Record<string, (popup: Popup) => Promise<void>> = {
  'terminal-command-installed': async (popup) => {
    const row = await openSettingsAtTerminalCommand(popup);
    await row.getByRole('button', { name: /^Install in / }).click();
    await expect(row.getByRole('button', { name: 'Remove', exact: true })).toBeVisible();
  },
  'terminal-command-older-copy': async (popup) => {
    await linkAnOlderCopy(popup.harness);
    const row = await openSettingsAtTerminalCommand(popup);
    await expect(row.getByRole('button', { name: 'Replace', exact: true })).toBeVisible();
  },
  'terminal-command-cancelled': async (popup) => {
    const place = terminalCommandPlace(popup.harness);
    place.folderOwnedByRoot = true;
    place.passwordPrompt = 'cancel';
    const row = await openSettingsAtTerminalCommand(popup);
    await row.getByRole('button', { name: /^Install in / }).click();
    await expect(row.getByRole('status')).toBeVisible();
  },
  'terminal-command-file': async (popup) => {
    await putAFileThere(popup.harness);
    const row = await openSettingsAtTerminalCommand(popup);
    await expect(row).toContainText('is a file Proxy Tray did not put there');
  },
};
