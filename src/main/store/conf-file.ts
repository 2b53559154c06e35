import fs from 'node:fs';
import path from 'node:path';
import { inUseByAnotherInstance, markFolderInUse } from './folder-in-use';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, tightenToPrivate } from './private-files';
import { sweepStaleTempFiles } from './stale-temp-files';
import { StoreError, fileErrorReason } from './store-error';

/**
 * The part of a conf / electron-store instance the stores use: where its file is, and `store`,
 * whose setter writes the whole file atomically (conf 15 writes through `atomically`: a temporary
 * file beside the target, fsync, then rename). The stores read and validate the file themselves.
 */
export interface ConfLike {
  readonly path: string;
  store: Record<string, unknown>;
}

/**
 * Options that mean the same to conf and to electron-store: conf names the file `configName`,
 * electron-store takes `name` (and copies it to `configName`), so both are given. The app passes
 * `(options) => new ElectronStore(options)`, tests `(options) => new Conf({ ...options, cwd })`.
 */
export interface ConfLikeOptions {
  readonly name: string;
  readonly configName: string;
  readonly clearInvalidConfig: false;
  readonly deserialize: (text: string) => Record<string, unknown>;
  /**
   * The mode conf gives the file, and `atomically` the temp file it writes first: created with it,
   * so the content is never readable by others, not even between the write and the rename.
   */
  readonly configFileMode: number;
}

export type CreateConfStore = (options: ConfLikeOptions) => ConfLike;

/**
 * Opens `<name>.json` through the factory without letting conf judge the content: conf's own
 * reader throws on a damaged file (or, with clearInvalidConfig, silently wipes it), so the reader
 * given here never throws. The content is then read from `path` and validated by the caller.
 * Every store opens here, so this is also where the folder and the file are made private to the
 * user (private-files.ts: conf creates a missing folder without a mode), and where the temp files
 * of writes cut short by a crash are swept (stale-temp-files.ts): all of them when no other
 * running instance uses the folder (folder-in-use.ts), else only those older than a minute.
 */
export function openConfFile(createStore: CreateConfStore, name: string): ConfLike {
  let conf: ConfLike;
  try {
    conf = createStore({
      name,
      configName: name,
      clearInvalidConfig: false,
      deserialize: lenientJsonObject,
      configFileMode: PRIVATE_FILE_MODE,
    });
  } catch (error) {
    // conf reads the file in its constructor: a file it cannot read at all fails here.
    throw new StoreError(
      'storage',
      `The ${name} file ${name}.json could not be read (${fileErrorReason(error)}). Check that it is a file readable by your user.`,
    );
  }
  const dir = path.dirname(conf.path);
  tightenToPrivate(dir, PRIVATE_FOLDER_MODE);
  tightenToPrivate(conf.path, PRIVATE_FILE_MODE);
  markFolderInUse(dir);
  sweepStaleTempFiles(conf.path, { anotherInstanceMayWrite: inUseByAnotherInstance(dir) });
  return conf;
}

function lenientJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : {};
  } catch {
    return {};
  }
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The file's bytes, or undefined when there is no file yet. */
export function readStoredBytes(filePath: string, what: string): Buffer | undefined {
  try {
    return fs.readFileSync(filePath);
  } catch (error) {
    // Only a missing file is "no file yet": any other failure taken for one would let the next
    // write replace a file the user still has.
    const reason = fileErrorReason(error);
    if (reason === 'ENOENT') return undefined;
    throw new StoreError(
      'storage',
      `The ${what} file ${filePath} could not be read (${reason}). Check that it is readable by your user.`,
    );
  }
}

export function writeStored(conf: ConfLike, value: Record<string, unknown>, what: string): void {
  try {
    conf.store = value;
  } catch (error) {
    throw new StoreError(
      'storage',
      `The ${what} could not be saved to ${conf.path} (${fileErrorReason(error)}). Check that the disk is not full and the folder is writable.`,
    );
  }
}
