import { describe, expect, it } from 'vitest';
import {
  installSmokeProbe,
  SMOKE_PROBE_ENV,
  SMOKE_PROBE_KEY,
  type SmokeProbe,
  type SmokeProbeSources,
} from '../../../../src/main/shell/lifecycle/smoke-probe';
import { ShownNotifications } from '../../../../src/main/shell/shown-notifications';
import type { TrayController } from '../../../../src/main/shell/tray/tray';
import { EventEmitter } from 'node:events';

// The tray and the popup belong to Electron: small stand-ins that record what the probe does.
/** Electron's Notification is an EventEmitter with show(): so is this stand-in. */
class StandInNotification extends EventEmitter {
  show(): void {}
}

function sources(): SmokeProbeSources & {
  clicks: number;
  visible: boolean;
  notifications: ShownNotifications<StandInNotification>;
} {
  const tray: TrayController = {
    update: () => undefined,
    setTooltip: () => undefined,
    getBounds: () => undefined,
    destroy: () => undefined,
  };
  const notifications = new ShownNotifications<StandInNotification>();
  const state = {
    notifications,
    newestNotification: () => notifications.newest(),
    clicks: 0,
    visible: false,
    tray,
    popup: { isVisible: () => state.visible },
    clickTray: () => {
      state.clicks += 1;
      state.visible = !state.visible;
    },
  };
  return state;
}

describe('the smoke-test probe', () => {
  it('is not installed unless the environment asks for it', () => {
    const target: Record<string, unknown> = {};
    expect(installSmokeProbe(sources(), {}, target)).toBe(false);
    expect(installSmokeProbe(sources(), { [SMOKE_PROBE_ENV]: 'true' }, target)).toBe(false);
    expect(target).toEqual({});
  });

  it('reports the tray and the popup, and clicks the tray through the wired handler', () => {
    const target: Record<string, unknown> = {};
    const app = sources();
    expect(installSmokeProbe(app, { [SMOKE_PROBE_ENV]: '1' }, target)).toBe(true);
    const probe = target[SMOKE_PROBE_KEY] as SmokeProbe;

    expect(probe.trayCreated()).toBe(true);
    expect(probe.popupVisible()).toBe(false);
    probe.clickTray();
    expect(app.clicks).toBe(1);
    expect(probe.popupVisible()).toBe(true);
    expect(Object.isFrozen(probe)).toBe(true);
  });

  it('says when there is no tray', () => {
    const target: Record<string, unknown> = {};
    installSmokeProbe({ ...sources(), tray: undefined }, { [SMOKE_PROBE_ENV]: '1' }, target);
    expect((target[SMOKE_PROBE_KEY] as SmokeProbe).trayCreated()).toBe(false);
  });

  it('holds functions only: nothing it carries can be a token or a password', () => {
    const target: Record<string, unknown> = {};
    installSmokeProbe(sources(), { [SMOKE_PROBE_ENV]: '1' }, target);
    const probe = target[SMOKE_PROBE_KEY] as Record<string, unknown>;
    expect(Object.values(probe).every((value) => typeof value === 'function')).toBe(true);
    expect(Object.keys(probe).sort()).toEqual([
      'clickNewestNotification',
      'clickTray',
      'popupVisible',
      'trayCreated',
    ]);
  });

  it('clicks the newest notification through its own click event, as the registry hears it', () => {
    const target: Record<string, unknown> = {};
    const app = sources();
    installSmokeProbe(app, { [SMOKE_PROBE_ENV]: '1' }, target);
    const probe = target[SMOKE_PROBE_KEY] as SmokeProbe;
    expect(probe.clickNewestNotification()).toBe(false);

    const opened: string[] = [];
    app.notifications.show(new StandInNotification(), () => opened.push('first'));
    app.notifications.show(new StandInNotification(), () => opened.push('second'));
    expect(probe.clickNewestNotification()).toBe(true);
    expect(opened).toEqual(['second']);
    expect(app.notifications.size).toBe(1);
  });
});
