import { bridge } from './bridge';
import { toasts } from './toasts.svelte';

/** Shows the log file's folder in the file manager; if it cannot, the toast says where it is. */
export async function openLogsFolder(): Promise<void> {
  const result = await bridge().logs.openFolder();
  if (!result.ok) toasts.error(result.error.message);
}
