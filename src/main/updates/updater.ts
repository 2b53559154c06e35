/**
 * What the update service needs of an updater: the part of electron-updater's AppUpdater it uses,
 * so that the real `autoUpdater` (and the NsisUpdater the tests run against a local server)
 * satisfies it as it is, and the glue stays a few lines.
 */

export interface UpdateInfo {
  readonly version: string;
}

/** electron-updater's UpdateCheckResult, as far as it matters here. */
export interface UpdateCheck {
  /** The download the updater started by itself (`autoDownload`) for an update it found. */
  readonly downloadPromise?: Promise<unknown> | null;
}

export interface Updater {
  /**
   * Asks the update server; an update found is announced with `update-available` and, with
   * `autoDownload`, downloaded at once. Rejects when the server cannot be asked or answers badly.
   */
  checkForUpdates(): Promise<UpdateCheck | null>;
  /** Quits the app (through app.quit(), so quit hooks run) and installs the downloaded update. */
  quitAndInstall(): void;
  on(
    event: 'update-available' | 'update-not-available' | 'update-downloaded',
    listener: (info: UpdateInfo) => void,
  ): unknown;
  /** Every failure, including those that also reject a check or a download. */
  on(event: 'error', listener: (error: Error) => void): unknown;
}
