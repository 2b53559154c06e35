import { colonWarning, fieldsWithColons } from '../../shared/credentials/colon-fields';
import { copyFieldValue, type CopyField } from '../../shared/credentials/copy-fields';
import type { CopyFormat } from '../../shared/credentials/copy-formats';
import { formatCredentials } from '../../shared/credentials/format-credentials';
import { copyHostOf, type HostChoice } from '../../shared/credentials/host-choices';
import type { ClipboardGuard } from '../clipboard/clipboard-guard';
import type { HostChoiceStore } from './host-choice-store';
import type { PlansService } from '../plans/plans-service';
import type { SettingsStore } from '../settings/settings-store';
import { sharedAddressesOf } from '../../shared/ipc/shared-addresses';
import { describeCopy } from './copy-description';

export interface CopyParts {
  plans: Pick<PlansService, 'entry'>;
  settings: Pick<SettingsStore, 'get'>;
  hostChoices: Pick<HostChoiceStore, 'get'>;
  clipboard: Pick<ClipboardGuard, 'copy'>;
}

export type CopyRequest = {
  readonly proxyId: number;
  readonly hostChoice?: HostChoice | undefined;
} & (
  | { readonly format?: CopyFormat | undefined; readonly field?: undefined }
  | { readonly field: CopyField; readonly format?: undefined }
);

/** The host a copy of this proxy uses when the request names none: its plan's, else the default. */
function hostChoiceOf(
  parts: Omit<CopyParts, 'clipboard' | 'plans'>,
  { accountId, plan }: { accountId: string; plan: { id: number } },
): HostChoice {
  return parts.hostChoices.get(accountId, plan.id) ?? parts.settings.get().hostChoice;
}

/** A copy's text, and what the confirmation says of it. */
export interface CredentialsText {
  text: string;
  description: string;
  accountId: string;
  colonWarning?: string;
}

/**
 * The text a copy of the proxy puts on the clipboard (a whole line in a format, or one field),
 * what it is ("SOCKS5 proxy URL of DE-1"), and whose proxy it is. `template` is a custom template
 * for this text alone (the command line's `--format "{ip}:{port}"`); the saved one otherwise.
 */
export function credentialsText(
  parts: Omit<CopyParts, 'clipboard'>,
  request: CopyRequest & { readonly template?: string | undefined },
): CredentialsText {
  const settings = parts.settings.get();
  const entry = parts.plans.entry(request.proxyId);
  const host = copyHostOf(entry.proxy, request.hostChoice, hostChoiceOf(parts, entry));
  const hostChoice = host.choice;
  const shown = { ...entry.proxy, label: entry.label };
  const shared = sharedAddressesOf(entry.plan);
  const format =
    request.template !== undefined ? 'custom' : (request.format ?? settings.copyFormat);
  const template = request.template ?? settings.customTemplate;
  if (request.field !== undefined) {
    return {
      text: copyFieldValue(entry.proxy, request.field, hostChoice),
      description: describeCopy({ field: request.field }, shown, shared, host),
      accountId: entry.accountId,
    };
  }
  // Given all the same (the user asked for this format), but said: a ':' inside a field breaks
  // every tool that splits the line on ':'.
  const warning = colonWarning(fieldsWithColons(format, template, entry.proxy));
  return {
    text: formatCredentials(entry.proxy, { format, hostChoice, template }),
    description: describeCopy({ format }, shown, shared, host),
    accountId: entry.accountId,
    ...(warning ? { colonWarning: warning } : {}),
  };
}

/**
 * Copies a proxy's credentials through the clipboard guard, and says what was copied, when the
 * clipboard clears, and whose proxy it was (the account whose recent copies it joins).
 */
export async function copyCredentials(
  parts: CopyParts,
  request: CopyRequest,
): Promise<CredentialsText & { clearsInSeconds: number }> {
  const copied = credentialsText(parts, request);
  await parts.clipboard.copy(copied.text);
  const { text: _copied, ...said } = copied;
  return {
    ...said,
    text: copied.text,
    clearsInSeconds: parts.settings.get().clipboardClearSeconds,
  };
}
