/**
 * A reason the launcher stops, in words the person who typed the command can act on. Nothing of
 * the project is installed when it runs, so this is plain Node with no dependency.
 */
export class LaunchError extends Error {
  /**
   * @param {string} message one line (more only for a failed command's own output)
   * @param {number} [exitCode] what the launcher exits with: 1 unless a command said otherwise
   */
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}
