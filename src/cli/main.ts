import { stopSignal } from './connection/stop-signal';
import { runCli } from './run-cli';

// `proxy-tray`: the command line's entry, bundled into one file (vite.cli.config.ts).

// Taken out of the environment first thing: no child of this process (a browser, a shell) and no
// error report may inherit it. The commands get it through `io.env` alone.
const token = process.env['PROXY_TRAY_TOKEN'];
delete process.env['PROXY_TRAY_TOKEN'];

const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: { ...process.env, ...(token === undefined ? {} : { PROXY_TRAY_TOKEN: token }) },
  stdoutIsTerminal: process.stdout.isTTY === true,
  stderrIsTerminal: process.stderr.isTTY === true,
  stopped: stopSignal,
};

// The app's services load only for a command that needs them (see run-cli.ts).
void runCli(process.argv.slice(2), io, async (command) => {
  const { appOpener } = await import('./connection/open-app');
  return appOpener(io)(command);
}).then((exitCode) => {
  // Once what was written has left (pipes are asynchronous on macOS), end: a keep-alive socket
  // or a timer of a service must not hold the prompt back.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(exitCode)));
});
