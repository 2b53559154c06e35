import type { UpdateStatus } from '../../../shared/views/update-status';

/** The one quiet line under "Check for updates automatically" in Settings. */
export function updateStatusText(
  status: UpdateStatus,
  formatMoment: (iso: string) => string,
): string {
  switch (status.state) {
    case 'unavailable':
      return status.message;
    case 'idle':
      return status.checkedAt
        ? `Up to date (checked ${formatMoment(status.checkedAt)}).`
        : 'Not checked yet.';
    case 'checking':
      return 'Checking for updates…';
    case 'downloading':
      return `Downloading version ${status.version}…`;
    case 'ready':
      return `Version ${status.version} is downloaded: restart to install it.`;
    case 'failed':
      return `Last check failed: ${status.message}`;
  }
}

/** "Check now" is offered where a check can run, and usable while none is under way. */
export function canCheckNow(status: UpdateStatus): { shown: boolean; enabled: boolean } {
  const shown = status.state !== 'unavailable' && status.state !== 'ready';
  return { shown, enabled: shown && status.state !== 'checking' && status.state !== 'downloading' };
}
