import type { AlertView } from '../../../shared/views/alert-view';

/** How much an item matters: the line takes the colour and the text of the gravest. */
export type StatusTone = 'danger' | 'warning' | 'info';

/** What an item's button does, when it has one. */
export type StatusAction =
  | { kind: 'new-token' }
  | { kind: 'sign-in-again' }
  | { kind: 'restart'; version: string }
  | { kind: 'show-plan'; planId: number };

/** One thing the popup has to say above the list: a failure, a warning, an alert, an update. */
export interface StatusItem {
  key: string;
  tone: StatusTone;
  title: string;
  body?: string;
  /** Raw detail (what could not be read), shown in monospace under the body. */
  details?: string;
  action?: StatusAction;
}

export interface StatusSources {
  /** The service refuses the token (revoked, or expired): the plans on screen are read-only. */
  tokenRefused: { expired: boolean } | null;
  /** Sentence from tokenExpiryText, when the token expires soon or has expired. */
  tokenExpiry: { text: string; expired: boolean } | null;
  /** Sentence from refreshFailureText, when the last refresh failed. */
  refreshFailure: string | null;
  /** What the tolerant reader left out of the listing. */
  listingNotice: { message: string; details: string } | null;
  /** The version a restart installs, once downloaded. */
  updateVersion: string | null;
  alerts: readonly AlertView[];
}

const TONE_RANK: Record<StatusTone, number> = { danger: 0, warning: 1, info: 2 };

/**
 * Every banner the plans screen used to stack, as one list, gravest first: the status line shows
 * the first and counts the rest, so at most one line of the list's height goes to them. Within a
 * tone the order below holds: what is wrong with the data on screen before what is wrong with
 * the account, before the plans.
 */
export function statusItems(sources: StatusSources): StatusItem[] {
  const items: StatusItem[] = [];
  if (sources.tokenRefused) items.push(tokenRefusedItem(sources.tokenRefused.expired));
  if (sources.refreshFailure) {
    items.push({ key: 'refresh-failure', tone: 'danger', title: sources.refreshFailure });
  }
  // Once refused, the token has one line: the one that signs in again.
  if (sources.tokenExpiry && !sources.tokenRefused) {
    items.push({
      key: 'token-expiry',
      tone: sources.tokenExpiry.expired ? 'danger' : 'warning',
      title: sources.tokenExpiry.text,
      action: { kind: 'new-token' },
    });
  }
  if (sources.listingNotice) {
    items.push({
      key: 'listing-notice',
      tone: 'info',
      title: sources.listingNotice.message,
      details: sources.listingNotice.details,
    });
  }
  for (const alert of sources.alerts) {
    // The token's own line says the same and carries the "New token" button.
    if (alert.kind === 'token-expiring' && (sources.tokenExpiry || sources.tokenRefused)) continue;
    items.push(alertItem(alert));
  }
  if (sources.updateVersion) {
    items.push({
      key: 'update',
      tone: 'info',
      title: `Restart to update to ${sources.updateVersion}`,
      action: { kind: 'restart', version: sources.updateVersion },
    });
  }
  // Array.prototype.sort is stable: the order above survives within a tone.
  return items.sort((a, b) => TONE_RANK[a.tone] - TONE_RANK[b.tone]);
}

function tokenRefusedItem(expired: boolean): StatusItem {
  // Short enough for the line beside its button; the body says the rest.
  return {
    key: 'sign-in-again',
    tone: 'danger',
    title: expired ? 'Token expired' : 'Token refused',
    body: `${expired ? 'Your access token has expired' : 'The service no longer accepts your access token'}, so the list is read-only. Copying, checks, export and local ports still work; rotation, intervals and labels need a new token.`,
    action: { kind: 'sign-in-again' },
  };
}

function alertItem(alert: AlertView): StatusItem {
  const severe = alert.kind === 'plan-blocked' || alert.kind === 'plan-expired';
  return {
    key: `alert:${alert.key}`,
    tone: severe ? 'danger' : 'warning',
    title: alert.title,
    body: alert.body,
    ...(alert.planId !== undefined && { action: { kind: 'show-plan', planId: alert.planId } }),
  };
}
