/** Plans the user folded away, by id; they stay folded across refreshes while the popup lives. */
class CollapsedPlans {
  // A short list replaced on each toggle: lighter in the bundle than a reactive Set.
  #ids = $state.raw<readonly number[]>([]);

  has(planId: number): boolean {
    return this.#ids.includes(planId);
  }

  toggle(planId: number): void {
    this.#ids = this.has(planId) ? this.#ids.filter((id) => id !== planId) : [...this.#ids, planId];
  }
}

export const collapsedPlans = new CollapsedPlans();
