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

/**
 * Copies a proxy's credentials (a whole line in a format, or one field) through the clipboard
 * guard, and says what was copied, when the clipboard clears, and whose proxy it was (the
 * account whose recent copies it joins).
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
  const settings = parts.settings.get();
  const entry = parts.plans.entry(request.proxyId);
  const host = copyHostOf(entry.proxy, request.hostChoice, hostChoiceOf(parts, entry));
  const hostChoice = host.choice;
  const shown = { ...entry.proxy, label: entry.label };
  const shared = sharedAddressesOf(entry.plan);
  const format = request.format ?? settings.copyFormat;
  const copied =
    request.field !== undefined
      ? {
          text: copyFieldValue(entry.proxy, request.field, hostChoice),
          description: describeCopy({ field: request.field }, shown, shared, host),
        }
      : {
          text: formatCredentials(entry.proxy, {
            format,
            hostChoice,
            template: settings.customTemplate,
          }),
          description: describeCopy({ format }, shown, shared, host),
        };
  await parts.clipboard.copy(copied.text);
  // Copied all the same (the user asked for this format), but said: a ':' inside a field breaks
  // every tool that splits the line on ':'.
  const warning =
    request.field === undefined
      ? colonWarning(fieldsWithColons(format, settings.customTemplate, entry.proxy))
      : undefined;
  return {
    description: copied.description,
    clearsInSeconds: settings.clipboardClearSeconds,
    accountId: entry.accountId,
    ...(warning ? { colonWarning: warning } : {}),
  };
}
