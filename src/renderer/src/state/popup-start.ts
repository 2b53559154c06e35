import { alerts } from './alerts.svelte';
import { bridge } from './bridge';
import { checks } from './checks.svelte';
import { clock } from './clock.svelte';
import { copyFeedback } from './copy-feedback.svelte';
import { desktop } from './desktop.svelte';
import { favorites } from './favorites.svelte';
import { localPorts } from './local-ports.svelte';
import { navigation } from './navigation.svelte';
import { planHostChoices } from './plan-host-choices.svelte';
import { plans } from './plans.svelte';
import { poolPorts } from './pool-ports.svelte';
import { session } from './session.svelte';
import { settings } from './settings.svelte';
import { toasts } from './toasts.svelte';
import { updates } from './updates.svelte';

/**
 * Wires the popup to the main process (once): subscribes to every event, then loads the session,
 * the settings and the plans. Resolves once loaded; failures are toasts. Safe to call again.
 */
export async function startPopup(): Promise<void> {
  if (!connected) connect();
  connected = true;
  await Promise.all([
    session.load(),
    settings.load(),
    plans.list(),
    alerts.load(),
    checks.load(),
    updates.load(),
    desktop.load(),
    favorites.load(),
    planHostChoices.load(),
    localPorts.load(),
    poolPorts.load(),
    showNotices(),
  ]);
  if (!following) {
    // From here on, each session change (sign-in, switch, sign-out, event) brings its plans.
    session.onChange(() => void followActiveAccount());
    following = true;
  }
  await followActiveAccount();
}

let connected = false;

/** What the main process must tell once (a settings file it had to recover): errors stay until dismissed. */
async function showNotices(): Promise<void> {
  const result = await bridge().app.notices();
  if (result.ok) for (const notice of result.value) toasts.error(notice);
}

let following = false;

function connect(): void {
  const api = bridge();
  api.on('plans:changed', (update) => plans.receive(update));
  api.on('session:changed', (view) => session.accept(view));
  api.on('settings:changed', (view) => settings.accept(view));
  api.on('alerts:changed', (list) => alerts.receive(list));
  api.on('checks:changed', (view) => checks.receive(view));
  api.on('updates:changed', (status) => updates.receive(status));
  api.on('desktop:changed', (status) => desktop.receive(status));
  api.on('clipboard:cleared', () => copyFeedback.cleared());
  api.on('favorites:changed', (view) => favorites.receive(view));
  api.on('local-ports:changed', (event) => localPorts.receive(event));
  api.on('pool-ports:changed', (event) => poolPorts.receive(event));
  api.on('popup:shown', (event) => {
    clock.touch();
    navigation.popupShown(event);
  });
  clock.start();
}

/**
 * Keeps the plans on screen those of the active account, and loads them the first time. The main
 * process also announces an account's plans whole when it becomes the active one, but that event
 * and the session's may arrive in either order: asking while the plans shown are another
 * account's costs one answer, and of that answer and the announced snapshot the older is ignored.
 */
async function followActiveAccount(): Promise<void> {
  // A rejected account's cached plans are listed too; only a usable token loads them anew.
  const account = session.shownAccount;
  if (!account) return;
  if (plans.snapshot?.accountId !== account.id) await plans.list();
  // Each account keeps its plans' own host choices: the new one's are asked for.
  if (planHostChoices.view.accountId !== account.id) await planHostChoices.load();
  if (session.readOnly) return;
  const snapshot = plans.snapshot;
  const neverLoaded =
    snapshot?.accountId === account.id &&
    snapshot.plans === null &&
    !snapshot.refreshing &&
    !snapshot.error;
  if (neverLoaded) await plans.refresh();
}
