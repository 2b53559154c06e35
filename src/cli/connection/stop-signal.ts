/**
 * Resolves when the process is asked to stop: Ctrl+C (SIGINT) or SIGTERM (systemd, docker,
 * kill). Listening replaces Node's default of dying at once, so a foreground port closes its
 * connections and the app's data is left whole; a second Ctrl+C still ends the process at once.
 */
export function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.once('SIGINT', () => process.exit(130));
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
