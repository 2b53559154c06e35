// npm's `postinstall`: records what node_modules was just installed from (install-record.mjs),
// whoever ran the install (`npm ci` by hand, the release workflow, the launcher).
import { fileURLToPath } from 'node:url';
import { currentInstall, writeInstallRecord } from './install-record.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
writeInstallRecord(root, currentInstall(root));
