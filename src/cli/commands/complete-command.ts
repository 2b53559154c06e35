import { EXIT, type ExitCode } from '../exit-codes';
import { currentPlans } from '../listing/current-plans';
import { proxyReferenceOf } from '../listing/proxy-reference';
import type { CommandContext } from './command-context';

/**
 * `__complete proxies`, for the shell completions (see completion/proxy-candidates.ts): one
 * name per proxy a line (its label, else host:port), no password; tabs and line breaks inside a
 * label become spaces, so each line stays one candidate.
 */
export async function completeProxies(context: CommandContext): Promise<ExitCode> {
  // Not context.plans(): a TAB press shows no notes (the shells send stderr nowhere anyway).
  const { plans } = await currentPlans(context.app);
  const names = new Set<string>();
  for (const plan of plans) {
    for (const proxy of plan.proxies) names.add(proxyReferenceOf(proxy).replace(/[\t\r\n]/g, ' '));
  }
  context.print([...names].map((name) => `${name}\n`).join(''));
  return EXIT.done;
}
