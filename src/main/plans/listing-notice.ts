import type { ListingProblem } from '../api/decoding/listing-problems';
import type { ListingNotice } from '../../shared/views/plans-view';
import { isolateBidi } from '../../shared/text/bidi-controls';

/** How many field paths the details line names before "and N more". */
const MAX_DETAILS = 8;

/**
 * The one calm notice a refresh gives about what it could not read: which items are hidden (per
 * plan), how many are shown with unknown values, and the field paths for whoever asks the
 * provider. Null when everything was read.
 */
export function listingNoticeOf(problems: readonly ListingProblem[]): ListingNotice | null {
  if (problems.length === 0) return null;
  const sentences: string[] = [];
  const hiddenProxies = problems.filter((p) => p.effect === 'hidden' && p.item === 'proxy');
  const hiddenPlans = problems.filter((p) => p.effect === 'hidden' && p.item === 'plan');
  if (hiddenProxies.length > 0) sentences.push(hiddenProxiesSentence(hiddenProxies));
  if (hiddenPlans.length > 0) {
    sentences.push(
      `${count(hiddenPlans.length, 'plan', 'plans')} could not be read and ${hiddenPlans.length === 1 ? 'is' : 'are'} hidden.`,
    );
  }
  const unknown = problems.filter((p) => p.effect === 'unknown');
  if (unknown.length > 0) {
    const items = new Set(unknown.map((p) => p.path.slice(0, p.path.lastIndexOf('.'))));
    const noun = unknown.every((p) => p.item === 'plan') ? ['plan', 'plans'] : ['item', 'items'];
    sentences.push(
      // Stryker disable next-line StringLiteral: noun always has both words; the fallbacks are for the compiler
      `Some details of ${count(items.size, noun[0] ?? '', noun[1] ?? '')} could not be read and are shown as unknown.`,
    );
  }
  const listed = problems.slice(0, MAX_DETAILS).map((p) => `${p.path}: ${p.message}`);
  const more = problems.length > MAX_DETAILS ? [`and ${problems.length - MAX_DETAILS} more`] : [];
  return { message: sentences.join(' '), details: [...listed, ...more].join('; ') };
}

/** "2 proxies of Residential US 50 could not be read and are hidden." */
function hiddenProxiesSentence(hidden: readonly ListingProblem[]): string {
  const perPlan = new Map<string, number>();
  for (const problem of hidden) {
    const plan = problem.planName ? isolateBidi(problem.planName) : 'an unnamed plan';
    perPlan.set(plan, (perPlan.get(plan) ?? 0) + 1);
  }
  const verb = hidden.length === 1 ? 'is' : 'are';
  const [only] = perPlan;
  if (perPlan.size === 1 && only) {
    return `${count(only[1], 'proxy', 'proxies')} of ${only[0]} could not be read and ${verb} hidden.`;
  }
  const parts = [...perPlan].map(([plan, n]) => `${n} of ${plan}`).join(', ');
  // Stryker disable next-line StringLiteral: proxies hidden in two plans or more are never one, so the singular is never used
  return `${count(hidden.length, 'proxy', 'proxies')} could not be read and ${verb} hidden (${parts}).`;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
