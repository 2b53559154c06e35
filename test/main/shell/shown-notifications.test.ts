import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ShownNotifications } from '../../../src/main/shell/shown-notifications';

/** A notification as Electron owns it, reduced to its events and `show()`. */
class StandInNotification extends EventEmitter {
  shown = 0;
  show(): void {
    this.shown += 1;
  }
}

function shownOne(registry: ShownNotifications) {
  const notification = new StandInNotification();
  const clicks: number[] = [];
  registry.show(notification, () => clicks.push(1));
  return { notification, clicks };
}

describe('shown notifications', () => {
  it('are shown and kept until clicked; a click runs the action once', () => {
    const registry = new ShownNotifications();
    const { notification, clicks } = shownOne(registry);
    expect(notification.shown).toBe(1);
    expect(registry.size).toBe(1);
    notification.emit('click');
    expect(clicks).toHaveLength(1);
    expect(registry.size).toBe(0);
  });

  it('stay kept when closed: a timed-out toast is still clickable in the Action Center', () => {
    const registry = new ShownNotifications();
    const { notification, clicks } = shownOne(registry);
    notification.emit('close');
    expect(registry.size).toBe(1);
    notification.emit('click');
    expect(clicks).toHaveLength(1);
  });

  it('let go of one that failed', () => {
    const registry = new ShownNotifications();
    const { notification } = shownOne(registry);
    notification.emit('failed', {}, 'no permission');
    expect(registry.size).toBe(0);
  });

  it('keep at most the 32 newest', () => {
    const registry = new ShownNotifications();
    const all = Array.from({ length: 40 }, () => shownOne(registry));
    expect(registry.size).toBe(32);
    // The newest are the ones kept: clicking one lets go of it.
    all[39]?.notification.emit('click');
    expect(registry.size).toBe(31);
    all[0]?.notification.emit('click');
    expect(registry.size).toBe(31);
    expect(all[0]?.clicks).toHaveLength(1);
  });
});
