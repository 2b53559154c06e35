import { COPY_FIELDS, type CopyField } from '../../shared/credentials/copy-fields';
import { COPY_FORMATS, type CopyFormat } from '../../shared/credentials/copy-formats';
import { type CopyHost, HOST_CHOICE_INFO } from '../../shared/credentials/host-choices';
import { proxyTitle, type NamedProxy } from '../../shared/ipc/proxy-title';

export type CopiedWhat = { readonly format: CopyFormat } | { readonly field: CopyField };

/**
 * The confirmation of a copy: what was copied, named as the menu names it, and of which proxy,
 * named as its row is (see proxyTitle: a gateway's proxy by its username too; never its id).
 * Never the copied text itself. `sharedAddresses` is the proxy's plan's (see sharedAddressesOf).
 * A copy that pasted an assigned address instead of the entry address the row names says which:
 * the user must not find out from a failing connection.
 */
export function describeCopy(
  what: CopiedWhat,
  proxy: NamedProxy,
  sharedAddresses: ReadonlySet<string>,
  host?: CopyHost,
): string {
  const name =
    'format' in what
      ? COPY_FORMATS.find((info) => info.id === what.format)?.label
      : COPY_FIELDS.find((info) => info.id === what.field)?.label;
  const copied = `${name ?? 'Credentials'} of ${proxyTitle(proxy, sharedAddresses)} copied`;
  const pastedHost = !('field' in what) || what.field === 'host';
  return host && host.choice !== 'entry' && pastedHost
    ? `${copied} with its ${HOST_CHOICE_INFO[host.choice].phrase} ${host.address}`
    : copied;
}
