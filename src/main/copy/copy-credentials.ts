import { copyFieldValue, type CopyField } from '../../shared/credentials/copy-fields';
import type { CopyFormat } from '../../shared/credentials/copy-formats';
import { formatCredentials } from '../../shared/credentials/format-credentials';
import type { HostChoice } from '../../shared/credentials/host-choices';
import type { ClipboardGuard } from '../clipboard/clipboard-guard';
import type { HostChoiceStore } from '../host-choices/host-choice-store';
import type { PlansService } from '../plans/plans-service';
import type { SettingsStore } from '../settings/settings-store';
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
export function hostChoiceFor(parts: Omit<CopyParts, 'clipboard'>, proxyId: number): HostChoice {
  const { accountId, plan } = parts.plans.entry(proxyId);
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
): Promise<{ description: string; clearsInSeconds: number; accountId: string }> {
  const settings = parts.settings.get();
  const entry = parts.plans.entry(request.proxyId);
  const hostChoice = request.hostChoice ?? hostChoiceFor(parts, request.proxyId);
  const shown = { ip: entry.proxy.ip, port: entry.proxy.port, label: entry.label };
  if (request.field !== undefined) {
    await parts.clipboard.copy(copyFieldValue(entry.proxy, request.field, hostChoice));
    return {
      description: describeCopy({ field: request.field }, shown),
      clearsInSeconds: settings.clipboardClearSeconds,
      accountId: entry.accountId,
    };
  }
  const format = request.format ?? settings.copyFormat;
  await parts.clipboard.copy(
    formatCredentials(entry.proxy, { format, hostChoice, template: settings.customTemplate }),
  );
  return {
    description: describeCopy({ format }, shown),
    clearsInSeconds: settings.clipboardClearSeconds,
    accountId: entry.accountId,
  };
}
