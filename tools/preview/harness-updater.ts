import { EventEmitter } from 'node:events';
import type { UpdateCheck, Updater } from '../../src/main/updates/updater';

const CURRENT_VERSION = '0.1.0';

/**
 * The update server and installer of an installed build, played by the harness: what electron-
 * updater owns (the feed, the download, quitting into the installer). A test offers a version
 * (POST /__harness/update-ready); the next check finds it and "downloads" it at once. Or the server
 * goes away (POST /__harness/update-server-down) and checks fail.
 */
export class HarnessUpdater extends EventEmitter implements Updater {
  /** Checks asked of the update server, automatic or from "Check now". */
  checks = 0;
  /** quitAndInstall() calls: where the app would quit into the installer. */
  restarts = 0;
  #offered: string | undefined;
  #down = false;

  offer(version: string): void {
    this.#offered = version;
  }

  /** The update server cannot be reached: checks fail as electron-updater's do offline. */
  goDown(): void {
    this.#down = true;
  }

  async checkForUpdates(): Promise<UpdateCheck> {
    this.checks += 1;
    if (this.#down) {
      const error = Object.assign(new Error('getaddrinfo ENOTFOUND github.com'), {
        code: 'ENOTFOUND',
      });
      this.emit('error', error);
      throw error;
    }
    const version = this.#offered;
    if (version === undefined) {
      this.emit('update-not-available', { version: CURRENT_VERSION });
      return {};
    }
    this.emit('update-available', { version });
    // As electron-updater with autoDownload: the check answers, the download goes on.
    const downloadPromise = Promise.resolve().then(() =>
      this.emit('update-downloaded', { version }),
    );
    return { downloadPromise };
  }

  quitAndInstall(): void {
    this.restarts += 1;
  }
}
