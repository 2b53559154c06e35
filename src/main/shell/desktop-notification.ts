import { Notification } from 'electron';
import type { Alert } from '../alerts/alert-decisions';
import { ShownNotifications } from './shown-notifications';

const shown = new ShownNotifications();

/** One alert as a desktop notification; a click, even a late one, runs `onClick` (the popup opens). */
export function showDesktopNotification(alert: Alert, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  shown.show(new Notification({ title: alert.title, body: alert.body }), onClick);
}
