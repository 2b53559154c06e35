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

type TextRequest = CopyRequest & { readonly template?: string | undefined };

/**
 * What a copy of the proxy is made of: the proxy and its plan, the host it names, and the format
 * and template of a whole line. `template` is a custom template for this text alone (the command
 * line's `--format "{ip}:{port}"`); the saved one otherwise.
 */
function copyOf(parts: Omit<CopyParts, 'clipboard'>, request: TextRequest) {
  const settings = parts.settings.get();
  const entry = parts.plans.entry(request.proxyId);
  return {
    entry,
    host: copyHostOf(entry.proxy, request.hostChoice, hostChoiceOf(parts, entry)),
    format:
      request.template !== undefined
        ? ('custom' as const)
        : (request.format ?? settings.copyFormat),
    template: request.template ?? settings.customTemplate,
  };
}

function textOf(copy: ReturnType<typeof copyOf>, request: TextRequest): string {
  const { entry, host, format, template } = copy;
  return request.field !== undefined
    ? copyFieldValue(entry.proxy, request.field, host.choice)
    : formatCredentials(entry.proxy, { format, hostChoice: host.choice, template });
}

/**
 * The text a copy of the proxy puts on the clipboard (a whole line in a format, or one field),
 * alone: what the command line prints, line after line, where nothing is said of each.
 */
export function credentialsText(parts: Omit<CopyParts, 'clipboard'>, request: TextRequest): string {
  return textOf(copyOf(parts, request), request);
}

/**
 * Copies a proxy's credentials through the clipboard guard, and says what was copied ("SOCKS5
 * proxy URL of DE-1"), when the clipboard clears, and whose proxy it was (the account whose
 * recent copies it joins).
 */
export async function copyCredentials(
  parts: CopyParts,
  request: CopyRequest,
): Promise<{
  description: string;
  clearsInSeconds: number;
  accountId: string;
  colonWarning?: string;
}> {
  const copy = copyOf(parts, request);
  const { entry, host, format, template } = copy;
  const text = textOf(copy, request);
  await parts.clipboard.copy(text);
  const shown = { ...entry.proxy, label: entry.label };
  const shared = sharedAddressesOf(entry.plan);
  const said = {
    accountId: entry.accountId,
    clearsInSeconds: parts.settings.get().clipboardClearSeconds,
  };
  if (request.field !== undefined) {
    return { ...said, description: describeCopy({ field: request.field }, shown, shared, host) };
  }
  // Copied all the same (the user asked for this format), but said: a ':' inside a field breaks
  // every tool that splits the line on ':'.
  const warning = colonWarning(fieldsWithColons(format, template, entry.proxy));
  return {
    ...said,
    description: describeCopy({ format }, shown, shared, host),
    ...(warning ? { colonWarning: warning } : {}),
  };
}
