import { copyFieldValue, type CopyField } from '../../../shared/credentials/copy-fields';
import type { CopyFormat } from '../../../shared/credentials/copy-formats';
import { TemplateError } from '../../../shared/credentials/copy-template';
import { formatCredentials } from '../../../shared/credentials/format-credentials';
import type { HostChoice } from '../../../shared/credentials/host-choices';
import type { ProxyView } from '../../../shared/views/plans-view';

/** How the menu shows a password: the popup never holds one outside "Show password". */
export const MASKED_PASSWORD = '••••••';

/**
 * Formatted in place of the password, then replaced by the mask. Only letters and digits: URL
 * encoding and shell quoting leave it exactly as it is, so it is found again in every format.
 */
const PASSWORD_STAND_IN = 'PasswordStandIn7f3c9b2e';

export type PreviewProxy = Pick<
  ProxyView,
  'ip' | 'port' | 'username' | 'assigned_proxy_ipv4' | 'assigned_proxy_ipv6'
>;

/**
 * The line a format would copy for this proxy, with its password masked: built from the row's
 * own values with the same formatter the main process copies with. A custom template that does
 * not validate is shown as written (Settings says what is wrong with it).
 */
export function formatPreview(
  proxy: PreviewProxy,
  format: CopyFormat,
  hostChoice: HostChoice,
  template: string | undefined,
): string {
  try {
    const line = formatCredentials(
      { ...proxy, password: PASSWORD_STAND_IN },
      { format, hostChoice, ...(template === undefined ? {} : { template }) },
    );
    return line.replaceAll(PASSWORD_STAND_IN, MASKED_PASSWORD);
  } catch (error) {
    if (error instanceof TemplateError) return template ?? '';
    throw error;
  }
}

/** One field as it would be copied; the password masked. */
export function fieldPreview(
  proxy: PreviewProxy,
  field: CopyField,
  hostChoice: HostChoice,
): string {
  if (field === 'password') return MASKED_PASSWORD;
  return copyFieldValue({ ...proxy, password: '' }, field, hostChoice);
}
