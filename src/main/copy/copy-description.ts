import { COPY_FIELDS, type CopyField } from '../../shared/credentials/copy-fields';
import { COPY_FORMATS, type CopyFormat } from '../../shared/credentials/copy-formats';
import { proxyTitle } from '../../shared/ipc/proxy-title';
import type { ProxyView } from '../../shared/ipc/plans-view';

export type CopiedWhat = { readonly format: CopyFormat } | { readonly field: CopyField };

/**
 * The confirmation of a copy: what was copied, named as the menu names it, and of which proxy,
 * named as its row is (label, else host:port; never its id). Never the copied text itself.
 */
export function describeCopy(
  what: CopiedWhat,
  proxy: Pick<ProxyView, 'ip' | 'port' | 'label'>,
): string {
  const name =
    'format' in what
      ? COPY_FORMATS.find((info) => info.id === what.format)?.label
      : COPY_FIELDS.find((info) => info.id === what.field)?.label;
  return `${name ?? 'Credentials'} of ${proxyTitle(proxy)} copied`;
}
