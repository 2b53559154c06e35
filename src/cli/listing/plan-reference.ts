import type { PlanView } from '../../shared/views/plans-view';
import { CliFailure, usageFailure } from '../cli-failure';
import { EXIT } from '../exit-codes';
import { terminalText } from '../output/terminal-text';

/**
 * The plan `--plan` names: its id, else its name (exactly, then ignoring case). A name several
 * plans share is a usage error listing them; a plan that is not there is a failure.
 */
export function planNamed(plans: readonly PlanView[], reference: string): PlanView {
  const byId = /^\d+$/.test(reference)
    ? plans.find((plan) => plan.id === Number(reference))
    : undefined;
  if (byId) return byId;
  const exact = plans.filter((plan) => plan.name === reference);
  const named =
    exact.length > 0
      ? exact
      : plans.filter((plan) => plan.name.toLowerCase() === reference.toLowerCase());
  const [only, ...others] = named;
  if (only && others.length === 0) return only;
  if (only) {
    const list = named.map((plan) => `  ${plan.id}\t${terminalText(plan.name)}`).join('\n');
    throw usageFailure(
      `${named.length} plans are named "${terminalText(reference)}"; name one by its id:\n${list}`,
    );
  }
  throw new CliFailure(
    `No plan is named "${terminalText(reference)}". See: proxy-tray plans`,
    EXIT.failed,
  );
}
