import {
  copyHostOf,
  planChoiceAfterPick,
  type CopyHost,
  type HostChoice,
} from '../../../shared/credentials/host-choices';
import type { IpcOutput } from '../../../shared/ipc/contract';
import type { ProxyView } from '../../../shared/views/plans-view';
import { bridge } from './bridge';
import { plans } from './plans.svelte';
import { settings } from './settings.svelte';
import { toasts } from './toasts.svelte';

type PlanHostChoicesView = IpcOutput<'credentials:plan-host-choices'>;

const NONE: PlanHostChoicesView = { accountId: null, plans: [] };

/**
 * The plans whose copies use a host of their own (picked in a copy menu) instead of Settings →
 * Host to copy, as the main process keeps them per account. Held here so that every row, plan
 * header and the settings can show which host a copy pastes before it is made; used only while
 * they are the same account's as the plans on screen (a switch may bring them in either order).
 */
class PlanHostChoices {
  view = $state.raw<PlanHostChoicesView>(NONE);

  readonly #byPlan = $derived(
    new Map(
      this.view.accountId !== null && this.view.accountId === plans.snapshot?.accountId
        ? this.view.plans.map((plan) => [plan.planId, plan.hostChoice])
        : [],
    ),
  );

  /** How many of the plans listed have a choice of their own. */
  readonly ownChoiceCount = $derived(
    (plans.snapshot?.plans ?? []).filter((plan) => this.#byPlan.has(plan.id)).length,
  );

  /** The plan's own choice; undefined when it follows the settings. */
  of(planId: number): HostChoice | undefined {
    return this.#byPlan.get(planId);
  }

  /** The host a copy of this proxy pastes when it names none, as the main process decides it. */
  copyHost(proxy: ProxyView, planId: number): CopyHost {
    return copyHostOf(proxy, this.of(planId), settings.view?.hostChoice ?? 'entry');
  }

  async load(): Promise<void> {
    const result = await bridge().credentials.planHostChoices();
    // Not worth a toast: the copies themselves still use the main process's choice.
    if (result.ok) this.view = result.value;
  }

  /**
   * The host picked in a copy menu for the proxy's plan; the settings' one makes the plan follow
   * the settings again. Shown at once as the main process will decide it, then as it answers; a
   * choice that could not be saved is said and taken back.
   */
  async remember(proxyId: number, planId: number, picked: HostChoice): Promise<void> {
    const own = planChoiceAfterPick(picked, settings.view?.hostChoice ?? 'entry');
    const others = this.view.plans.filter((plan) => plan.planId !== planId);
    this.view = {
      accountId: plans.snapshot?.accountId ?? this.view.accountId,
      plans: own === undefined ? others : [...others, { planId, hostChoice: own }],
    };
    const result = await bridge().credentials.setHostChoice({ proxyId, hostChoice: picked });
    if (result.ok) {
      this.view = result.value;
    } else {
      toasts.error(result.error.message);
      await this.load();
    }
  }

  /** The plan's copies follow the settings again. */
  async forget(planId: number): Promise<void> {
    const result = await bridge().credentials.forgetHostChoice({ planId });
    if (result.ok) this.view = result.value;
    else toasts.error(result.error.message);
  }
}

export const planHostChoices = new PlanHostChoices();
