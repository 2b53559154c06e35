import type { IpcError } from '../../../shared/ipc/ipc-error';
import { proxyTitle } from '../../../shared/ipc/proxy-title';
import { sharedAddressesOf } from '../../../shared/ipc/shared-addresses';
import { listedProxies } from '../lib/listed-proxies';
import { aboutProxy } from '../lib/notices';
import { plans } from './plans.svelte';
import { toasts } from './toasts.svelte';

/** The proxy's name as the popup shows it, while it is listed. */
export function titleOfProxy(proxyId: number): string | undefined {
  const listed = listedProxies(plans.snapshot?.plans ?? null, new Set([proxyId])).get(proxyId);
  return listed ? proxyTitle(listed.proxy, sharedAddressesOf(listed.plan)) : undefined;
}

/**
 * What went wrong with one proxy, naming it: among several toasts, or after the row has scrolled
 * away, "which one?" has an answer. A change kept on this computer although the service did not
 * take it is news, not a failure: an info toast.
 */
export function proxyFailed(
  proxyId: number,
  error: Pick<IpcError, 'message' | 'keptLocally'>,
): void {
  const text = aboutProxy(titleOfProxy(proxyId), error.message);
  if (error.keptLocally) toasts.info(text);
  else toasts.error(text);
}
