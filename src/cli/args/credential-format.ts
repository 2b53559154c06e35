import { COPY_FORMAT_IDS, type CopyFormat } from '../../shared/credentials/copy-formats';
import { validateTemplate } from '../../shared/credentials/copy-template';
import type { HostChoice } from '../../shared/credentials/host-choices';
import { HOST_CHOICE_IDS } from '../../shared/credentials/host-choices';
import { usageFailure } from '../cli-failure';
import { textFlag, type CommandLine } from './parse-command-line';

/** How credentials are written: a copy format (the saved template for `custom`), or a template of this call. */
export type CredentialFormat =
  | { readonly format: CopyFormat; readonly hostChoice?: HostChoice }
  | { readonly template: string; readonly hostChoice?: HostChoice };

/** What a pipe gets when no `--format` is given: the line every proxy tool reads. */
export const PIPE_FORMAT: CopyFormat = 'ip-port-user-pass';

/**
 * `--format` and `--host` as typed: a copy format's id, or a template with `{placeholders}`
 * (`--format "{ip}:{port}"`), checked by the popup's own template rules; undefined when neither
 * flag is given.
 */
export function credentialFormatOf(line: CommandLine): CredentialFormat | undefined {
  const format = textFlag(line, 'format');
  const host = textFlag(line, 'host');
  if (host !== undefined && !(HOST_CHOICE_IDS as readonly string[]).includes(host)) {
    throw usageFailure(`--host takes ${HOST_CHOICE_IDS.join(', ')}; "${host}" is none of them.`);
  }
  const hostChoice = host === undefined ? {} : { hostChoice: host as HostChoice };
  if (format === undefined)
    return host === undefined ? undefined : { format: PIPE_FORMAT, ...hostChoice };
  if ((COPY_FORMAT_IDS as readonly string[]).includes(format)) {
    return { format: format as CopyFormat, ...hostChoice };
  }
  if (format.includes('{')) {
    const validation = validateTemplate(format);
    if (!validation.ok) throw usageFailure(`--format: ${validation.message}`);
    return { template: format, ...hostChoice };
  }
  throw usageFailure(
    `--format takes ${COPY_FORMAT_IDS.join(', ')}, or a template such as "{ip}:{port}:{username}:{password}"; "${format}" is neither.`,
  );
}
