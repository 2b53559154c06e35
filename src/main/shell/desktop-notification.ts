import { Notification } from 'electron';
import type { Alert } from '../alerts/alert-decisions';
import { ShownNotifications } from './shown-notifications';

/** Every notification shown and not yet clicked: kept so that a late click still arrives. */
export const shownNotifications = new ShownNotifications<Notification>();

/** One alert as a desktop notification; a click, even a late one, runs `onClick` (the popup opens). */
export function showDesktopNotification(alert: Alert, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  shownNotifications.show(new Notification({ title: alert.title, body: alert.body }), onClick);
}
