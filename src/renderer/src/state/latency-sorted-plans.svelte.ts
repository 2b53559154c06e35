/** Plans the user sorted by latency, by id; they stay sorted across refreshes while the popup lives. */
class LatencySortedPlans {
  // A short list replaced on each toggle, like the folded plans.
  #ids = $state.raw<readonly number[]>([]);

  /** Whether any plan is sorted: the search then looks at each plan, else it skips the work. */
  get any(): boolean {
    return this.#ids.length > 0;
  }

  has(planId: number): boolean {
    return this.#ids.includes(planId);
  }

  toggle(planId: number): void {
    this.#ids = this.has(planId) ? this.#ids.filter((id) => id !== planId) : [...this.#ids, planId];
  }
}

export const latencySortedPlans = new LatencySortedPlans();
