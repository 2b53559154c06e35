import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js, proved on planted imports: each import is linted as if it
 * were a file at the given path, with the project's own configuration, and only the layer rules'
 * reports are read (the planted snippets break other rules too, e.g. unused imports).
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

interface Report {
  ruleId: string | null;
  message: string;
}

/** The layer rules' reports on `code` placed at `filePath` (relative to the repository). */
async function layerReports(filePath: string, code: string): Promise<Report[]> {
  // An ignored or unparsable file gets no reports at all, which would pass every "allowed" case.
  expect(await eslint.isPathIgnored(filePath)).toBe(false);
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return messages
    .filter((message) => message.ruleId?.startsWith('layers/'))
    .map(({ ruleId, message }) => ({ ruleId, message }));
}

/** One report of the rule, giving the reason the configuration words for it. */
const reportOf = (ruleId: string, reason: string): Report[] => [
  { ruleId, message: expect.stringContaining(reason) },
];

const ELECTRON_ONLY = reportOf(
  'layers/electron-only-in-shell',
  'Electron may be imported only in src/main/shell/, src/main/index.ts and src/preload/.',
);
const SERVICE_UPWARD = reportOf(
  'layers/no-upward-imports',
  'A service may not import app/, ipc/ or shell/: they call it, not the other way round.',
);
const SHARED_UPWARD = reportOf(
  'layers/no-upward-imports',
  'src/shared may not import src/main, src/renderer or src/preload: they build on it.',
);
const RENDERER_UPWARD = reportOf(
  'layers/no-upward-imports',
  'The popup may not import src/main: it talks to it through the bridge.',
);

describe('Electron is imported only by the shell, the composition root and the preload', () => {
  it.each([
    ['src/main/plans/planted.ts', "import { app } from 'electron';"],
    ['src/main/plans/planted.ts', "import type { App } from 'electron';"],
    ['src/main/updates/planted.ts', "import { app } from 'electron/main';"],
    ['src/main/main-services.ts', "import { app } from 'electron';"],
    ['src/main/ipc/planted.ts', "import { ipcMain } from 'electron';"],
    ['src/shared/ipc/planted.ts', "import { app } from 'electron';"],
    ['src/renderer/src/lib/planted.ts', "import { ipcRenderer } from 'electron';"],
  ])('%s: %s is reported', async (filePath, code) => {
    expect(await layerReports(filePath, code)).toEqual(ELECTRON_ONLY);
  });

  it.each([
    ['src/main/shell/planted.ts', "import { app } from 'electron';"],
    ['src/main/shell/tray/planted.ts', "import { Tray } from 'electron';"],
    ['src/main/index.ts', "import { app } from 'electron';"],
    ['src/preload/planted.ts', "import { contextBridge } from 'electron';"],
    ['src/main/updates/planted.ts', "import type { AppUpdater } from 'electron-updater';"],
  ])('%s: %s is allowed', async (filePath, code) => {
    expect(await layerReports(filePath, code)).toEqual([]);
  });
});

describe('services import nothing from the layers that call them', () => {
  it.each([
    ['src/main/plans/planted.ts', "import { dispatchIpc } from '../ipc/ipc-dispatcher';"],
    ['src/main/plans/planted.ts', "import { dispatchIpc } from '../ipc/ipc-dispatcher';"],
    ['src/main/plans/planted.ts', "export { dispatchIpc } from '../ipc/ipc-dispatcher';"],
    ['src/main/export/planted.ts', "import { showSaveDialog } from '../shell/save-dialog';"],
    ['src/main/favorites/planted.ts', "import { copyCredentials } from '../app/credentials';"],
    ['src/main/api/decoding/planted.ts', "import { dispatchIpc } from '../../ipc/ipc-dispatcher';"],
    ['src/main/timers.ts', "import { dispatchIpc } from './ipc/ipc-dispatcher';"],
    ['src/main/store/planted.ts', "import { tray } from '../shell';"],
  ])('%s: %s is reported', async (filePath, code) => {
    expect(await layerReports(filePath, code)).toEqual(SERVICE_UPWARD);
  });

  it.each([
    ['src/main/plans/planted.ts', "import { ipcContract } from '../../shared/ipc/contract';"],
    ['src/main/plans/planted.ts', "import { toIpcError } from '../errors/error-to-ipc';"],
    ['src/main/local-ports/planted.ts', "import { appTunnel } from './relay/app-tunnel';"],
    ['src/main/ipc/planted.ts', "import { openPopup } from '../shell/popup/popup-window';"],
    ['src/main/app/planted.ts', "import { dispatchIpc } from '../ipc/ipc-dispatcher';"],
    ['src/main/shell/planted.ts', "import { dispatchIpc } from '../ipc/ipc-dispatcher';"],
    ['src/main/main-services.ts', "import { dispatchIpc } from './ipc/ipc-dispatcher';"],
    ['src/main/index.ts', "import { tray } from './shell/tray/tray';"],
  ])('%s: %s is allowed', async (filePath, code) => {
    expect(await layerReports(filePath, code)).toEqual([]);
  });
});

describe('local ports never reach up to the browser opened through them', () => {
  const PORT_TO_BROWSER = reportOf(
    'layers/no-upward-imports',
    'local-ports/ may not import browser/: a browser is opened through a port',
  );

  it.each([
    [
      'src/main/local-ports/planted.ts',
      "import { BrowserOpener } from '../browser/browser-opener';",
    ],
    [
      'src/main/local-ports/relay/planted.ts',
      "import type { BrowserKind } from '../../browser/browser-kind';",
    ],
  ])('%s: %s is reported', async (filePath, code) => {
    expect(await layerReports(filePath, code)).toEqual(PORT_TO_BROWSER);
  });

  it.each([
    ['src/main/local-ports/planted.ts', "import { Pool } from '../pool/pool';"],
    ['src/main/local-ports/relay/planted.ts', "import type { Probe } from '../../pool/pool';"],
  ])(
    '%s: %s is reported (a pool is a route of the port, not a part of it)',
    async (filePath, code) => {
      expect(await layerReports(filePath, code)).toEqual(
        reportOf(
          'layers/no-upward-imports',
          'local-ports/ may not import pool/: a pool is a route',
        ),
      );
    },
  );

  it('still holds the services’ own rule there', async () => {
    expect(
      await layerReports(
        'src/main/local-ports/relay/planted.ts',
        "import { dispatchIpc } from '../../ipc/ipc-dispatcher';",
      ),
    ).toEqual(SERVICE_UPWARD);
  });

  it.each([
    [
      'src/main/browser/planted.ts',
      "import { localPortUrl } from '../local-ports/local-port-url';",
    ],
    ['src/main/pool/planted.ts', "import { startRoutedPort } from '../local-ports/local-port';"],
    [
      'src/main/local-ports/planted.ts',
      "import type { UpstreamProxy } from '../upstream/upstream-proxy';",
    ],
  ])('%s: %s is allowed', async (filePath, code) => {
    expect(await layerReports(filePath, code)).toEqual([]);
  });
});

describe('src/shared imports no process code, and the popup does not import src/main', () => {
  it.each([
    [
      'src/shared/ipc/planted.ts',
      "import { plans } from '../../main/plans/plans-service';",
      SHARED_UPWARD,
    ],
    ['src/shared/planted.ts', "import { App } from '../renderer/src/App.svelte';", SHARED_UPWARD],
    ['src/shared/export/planted.ts', "import type { Bridge } from '../../preload';", SHARED_UPWARD],
    [
      'src/renderer/src/lib/planted.ts',
      "import { toIpcError } from '../../../main/errors/error-to-ipc';",
      RENDERER_UPWARD,
    ],
    [
      'src/renderer/src/Planted.svelte',
      '<script lang="ts">\n  import { toIpcError } from \'../../main/errors/error-to-ipc\';\n</script>\n',
      RENDERER_UPWARD,
    ],
  ])('%s: %s is reported', async (filePath, code, report) => {
    expect(await layerReports(filePath, code)).toEqual(report);
  });

  it.each([
    ['src/shared/ipc/planted.ts', "import { resourceId } from '../api/primitives';"],
    [
      'src/renderer/src/lib/planted.ts',
      "import { ipcContract } from '../../../shared/ipc/contract';",
    ],
    ['src/renderer/src/components/planted.ts', "import '../main';"],
  ])('%s: %s is allowed', async (filePath, code) => {
    expect(await layerReports(filePath, code)).toEqual([]);
  });
});

const CLI_IS_A_CLIENT = reportOf(
  'layers/cli-is-a-client',
  'Nothing of the app imports src/cli: the command line is one of its clients.',
);
const CLI_OFF_THE_SHELL = reportOf(
  'layers/no-upward-imports',
  'src/cli may not import src/main/shell or src/main/index.ts',
);

describe('the command line is a client: nothing of the app imports it', () => {
  it.each([
    ['src/main/plans/planted.ts', "import { runCli } from '../../cli/run-cli';"],
    ['src/main/app/planted.ts', "import { EXIT } from '../../cli/exit-codes';"],
    ['src/main/planted.ts', "import { EXIT } from '../cli/exit-codes';"],
    ['src/shared/ipc/planted.ts', "import { EXIT } from '../../cli/exit-codes';"],
    ['src/renderer/src/lib/planted.ts', "import { EXIT } from '../../../cli/exit-codes';"],
    ['src/preload/planted.ts', "import { EXIT } from '../cli/exit-codes';"],
  ])('%s: %s', async (filePath, code) => {
    expect(await layerReports(filePath, code)).toEqual(CLI_IS_A_CLIENT);
  });

  it('the command line builds the services and reaches the socket, never the shell', async () => {
    expect(
      await layerReports(
        'src/cli/connection/planted.ts',
        "import { createMainServices } from '../../main/main-services';\nimport { connectToOwner } from '../../main/command-line/command-client';",
      ),
    ).toEqual([]);
    expect(
      await layerReports(
        'src/cli/connection/planted.ts',
        "import { x } from '../../main/shell/clipboard';",
      ),
    ).toEqual(CLI_OFF_THE_SHELL);
    expect(await layerReports('src/cli/planted.ts', "import '../main/index';")).toEqual(
      CLI_OFF_THE_SHELL,
    );
    expect(await layerReports('src/cli/planted.ts', "import '../main/index.ts';")).toEqual(
      CLI_OFF_THE_SHELL,
    );
  });
});
