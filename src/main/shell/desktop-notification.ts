import { Notification } from 'electron';
import type { Alert } from '../alerts/alert-decisions';

/** One alert as a desktop notification; a click runs `onClick` (the popup opens). */
export function showDesktopNotification(alert: Alert, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification({ title: alert.title, body: alert.body });
  notification.on('click', onClick);
  notification.show();
}
