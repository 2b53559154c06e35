/**
 * The crash test's writer: opens the real LabelStore in the directory given and changes labels in
 * a tight loop until it is killed. Run as `node --import tsx label-writer-process.ts <dir> <round>`.
 * It says "writing" once its first change is on disk (stdout to a pipe is synchronous on Linux and
 * macOS, so the line is out before the next write starts).
 */
import Conf from 'conf';
import { openLabelStore } from '../../../src/main/labels/label-store';
import { CRASH_ACCOUNTS, crashLabel } from './crash-labels';

const [dir, roundText] = process.argv.slice(2);
const round = Number(roundText);
if (!dir || !Number.isSafeInteger(round)) {
  process.stderr.write('usage: label-writer-process.ts <dir> <round>\n');
  process.exit(2);
}

const store = openLabelStore({ createStore: (options) => new Conf({ ...options, cwd: dir }) });
if (store.recovery() !== undefined) {
  process.stderr.write(`the store needed recovery at start: ${JSON.stringify(store.recovery())}\n`);
  process.exit(3);
}

for (let seq = 1; ; seq += 1) {
  const accountId = CRASH_ACCOUNTS[seq % CRASH_ACCOUNTS.length] ?? 'acct-a';
  const proxyId = (seq % 13) + 1;
  if (seq % 97 === 0) store.removeAccount(accountId);
  else if (seq % 11 === 0) store.delete(accountId, proxyId);
  else store.set(accountId, proxyId, crashLabel(round, seq, accountId, proxyId));
  if (seq === 1) process.stdout.write('writing\n');
}
