/**
 * The private-files crash test's writer: under umask 000 (so that only the modes the code asks for
 * keep others out), opens the real kept-ports store in the directory given and keeps ports with
 * local passwords in a tight loop until it is killed. Says "writing" once its first write is on
 * disk. Run as `node --import tsx private-writer-process.ts <dir>`.
 */
import Conf from 'conf';
import { openKeptPortsStore } from '../../../src/main/local-ports/kept-ports-store';

const [dir] = process.argv.slice(2);
if (!dir) {
  process.stderr.write('usage: private-writer-process.ts <dir>\n');
  process.exit(2);
}

process.umask(0);
const store = openKeptPortsStore({
  createStore: (options) => new Conf({ ...options, cwd: dir }),
});
for (let seq = 1; ; seq += 1) {
  store.keep('acct', {
    proxyId: (seq % 50) + 1,
    port: 40_000 + (seq % 50),
    protocol: 'socks5',
    localPassword: `local-secret-${seq}`,
  });
  if (seq === 1) process.stdout.write('writing\n');
}
