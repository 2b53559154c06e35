/**
 * Another instance using a data folder, for the sweep tests: marks the folder as the stores do
 * when they open (folder-in-use.ts), says "using" and waits. SIGTERM ends it the way an app
 * quits (its exit handlers run, so its marker goes); SIGKILL plays a crash (the marker stays).
 * Run as `node --import tsx folder-user-process.ts <dir>`.
 */
import { markFolderInUse } from '../../../src/main/store/folder-in-use';

const [dir] = process.argv.slice(2);
if (!dir) {
  process.stderr.write('usage: folder-user-process.ts <dir>\n');
  process.exit(2);
}

markFolderInUse(dir);
process.on('SIGTERM', () => process.exit(0));
// Keeps the process alive until a signal ends it.
setInterval(() => {}, 60_000);
process.stdout.write('using\n');
