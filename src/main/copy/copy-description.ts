import { COPY_FIELDS, type CopyField } from '../../shared/credentials/copy-fields';
import { COPY_FORMATS, type CopyFormat } from '../../shared/credentials/copy-formats';
import { proxyTitle, type NamedProxy } from '../../shared/ipc/proxy-title';

export type CopiedWhat = { readonly format: CopyFormat } | { readonly field: CopyField };

/**
 * The confirmation of a copy: what was copied, named as the menu names it, and of which proxy,
 * named as its row is (see proxyTitle: a gateway's proxy by its username too; never its id).
 * Never the copied text itself. `sharedAddresses` is the proxy's plan's (see sharedAddressesOf).
 */
export function describeCopy(
  what: CopiedWhat,
  proxy: NamedProxy,
  sharedAddresses: ReadonlySet<string>,
): string {
  const name =
    'format' in what
      ? COPY_FORMATS.find((info) => info.id === what.format)?.label
      : COPY_FIELDS.find((info) => info.id === what.field)?.label;
  return `${name ?? 'Credentials'} of ${proxyTitle(proxy, sharedAddresses)} copied`;
}
