import type { PlanView } from '../../shared/views/plans-view';
import type { SessionView } from '../../shared/views/session-view';
import { EXIT } from '../exit-codes';
import { renderJson, renderRecords, renderTable, type Column } from '../output/table';
import { styleOf } from '../output/style';
import type { Command, CommandContext } from './command-context';

type AccountRow = SessionView['accounts'][number];

const ACCOUNT_COLUMNS: readonly Column<AccountRow>[] = [
  { title: 'ACTIVE', value: (account) => (account.active ? '*' : '') },
  { title: 'ID', value: (account) => account.id },
  { title: 'USERNAME', value: (account) => account.username },
  { title: 'NAME', value: (account) => account.displayName },
  { title: 'SERVICE', value: (account) => account.serviceUrl },
];

/** `accounts`: every account signed in on this computer, the active one marked. */
export const accountsCommand: Command = async (context) => {
  const session = await context.app.call('session:status');
  printRows(context, session.accounts, ACCOUNT_COLUMNS);
  if (session.accounts.length === 0 && !context.json) context.note('No account is signed in.');
  return EXIT.done;
};

/** A plan as `plans` lists it: without its proxies, with how many it has. */
function planRecord({ proxies, ...plan }: PlanView) {
  return { ...plan, proxy_count: proxies.length };
}
type PlanRow = ReturnType<typeof planRecord>;

const PLAN_COLUMNS: readonly Column<PlanRow>[] = [
  { title: 'ID', value: (plan) => String(plan.id), alignRight: true },
  { title: 'NAME', value: (plan) => plan.name },
  { title: 'PROXIES', value: (plan) => String(plan.proxy_count), alignRight: true },
  { title: 'EXPIRES', value: (plan) => plan.expire_date ?? '' },
  { title: 'STATUS', value: (plan) => (plan.is_blocked ? 'blocked' : 'active') },
];

/** `plans`: the active account's plans. */
export const plansCommand: Command = async (context) => {
  const plans = (await context.plans()).map(planRecord);
  printRows(context, plans, PLAN_COLUMNS);
  return context.ended(EXIT.done);
};

/** JSON with `--json`, a table for a person, tab-separated records for a program. */
function printRows<Row>(
  context: CommandContext,
  rows: readonly Row[],
  columns: readonly Column<Row>[],
): void {
  if (context.json) context.print(renderJson(rows));
  else if (context.io.stdoutIsTerminal) {
    if (rows.length > 0) context.print(renderTable(rows, columns, styleOf(context.io, 'stdout')));
  } else context.print(renderRecords(rows, columns));
}
