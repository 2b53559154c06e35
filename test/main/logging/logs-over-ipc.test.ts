import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useMainProcess, valueOf } from '../ipc/main-services-fixture';

/**
 * The log as the main process uses it: the popup's "Open logs folder" reaches the shell's port
 * through the same handlers as IPC, and failures nobody asked about are written to the log.
 */
const main = useMainProcess();

describe('logs in the main process', () => {
  it('opens the logs folder when the popup asks', async () => {
    const app = main.start();
    expect(valueOf(await app.call('logs:open-folder'))).toBeNull();
    expect(app.fileManager.opened).toEqual([join(main.dir(), 'logs')]);
  });

  it('says where the folder is when the file manager cannot open it', async () => {
    const app = main.start();
    app.fileManager.answer = 'No application is registered to open folders';
    expect(await app.call('logs:open-folder')).toEqual({
      ok: false,
      error: {
        kind: 'internal',
        message: `The logs folder could not be opened (No application is registered to open folders). It is ${join(main.dir(), 'logs')}`,
      },
    });
  });

  it('writes a failure nobody asked about to the log, the error as it was thrown', async () => {
    const { services, log } = main.start();
    const failure = new Error('a listener broke');
    services.session.onChange(() => {
      throw failure;
    });
    await services.session.restore();
    expect(log.lines).toEqual([
      { level: 'error', data: ['A listener of the session failed:', failure] },
    ]);
  });
});
