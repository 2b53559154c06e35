/**
 * A refused settings change as shown next to its control. The main process names the field
 * ("Invalid request: refreshIntervalMinutes: The refresh interval must be …."), which the control
 * already does for the user: keep only the sentence.
 */
export function refusalText(message: string, key: string): string {
  const prefix = `Invalid request: ${key}: `;
  if (!message.startsWith(prefix)) return message;
  return message.slice(prefix.length).replace(/\.\.$/, '.');
}
