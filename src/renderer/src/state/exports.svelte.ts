import type { CopyFormat } from '../../../shared/credentials';
import type { ExportKind } from '../../../shared/export/export-kinds';
import { bridge } from './bridge';
import { toasts } from './toasts.svelte';

/** Saves proxies to a file through the main process's save dialog; says where, or why not. */
export async function exportProxies(
  proxyIds: readonly number[],
  kind: ExportKind,
  copyFormat?: CopyFormat,
): Promise<void> {
  const result = await bridge().export.save({
    proxyIds: [...proxyIds],
    kind,
    ...(copyFormat ? { copyFormat } : {}),
  });
  if (!result.ok) return toasts.error(result.error.message);
  if (!result.value.saved) return;
  const { fileName, count } = result.value;
  toasts.success(`Saved ${count === 1 ? '1 proxy' : `${count} proxies`} to ${fileName}`);
}
