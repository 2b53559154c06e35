import { setTimeout as sleep } from 'node:timers/promises';
import type { ProxyCheckEntry } from '../../shared/views/check-view';
import type { MatchingProxy } from '../../shared/search/matching-proxies';
import { positionalsOf, textFlag } from '../args/parse-command-line';
import { EXIT } from '../exit-codes';
import { proxyNamed } from '../listing/proxy-reference';
import { selectedProxies } from '../listing/selected-proxies';
import { renderJson, renderRecords, renderTable, type Column } from '../output/table';
import { styleOf } from '../output/style';
import type { Command } from './command-context';

/** How often the run's progress is asked for: the popup hears of it by events, a script by asking. */
const POLL_MS = 200;

const STOPPED = Symbol('stopped');

interface CheckRow {
  readonly target: MatchingProxy;
  readonly entry: ProxyCheckEntry | undefined;
}

/** A check's result as `--json` gives it (names kept stable, as the README lists them). */
function checkRecord({ target: { proxy }, entry }: CheckRow) {
  const last = entry?.last;
  if (!last) return { id: proxy.id, label: proxy.label, ok: false, message: 'Not checked.' };
  return last.ok
    ? {
        id: proxy.id,
        label: proxy.label,
        ok: true,
        protocol: last.protocol,
        exit_ip: last.exitIp,
        exit_ip_matches: last.exitIpMatches,
        connect_ms: last.connectMs,
        total_ms: last.totalMs,
        checked_at: last.checkedAt,
      }
    : {
        id: proxy.id,
        label: proxy.label,
        ok: false,
        protocol: last.protocol,
        reason: last.reason,
        message: last.message,
        checked_at: last.checkedAt,
      };
}

const CHECK_COLUMNS: readonly Column<CheckRow>[] = [
  { title: 'ID', value: ({ target }) => String(target.proxy.id), alignRight: true },
  { title: 'LABEL', value: ({ target }) => target.proxy.label ?? '' },
  { title: 'RESULT', value: ({ entry }) => (entry?.last?.ok ? 'works' : 'failed') },
  { title: 'EXIT IP', value: ({ entry }) => (entry?.last?.ok ? entry.last.exitIp : '') },
  {
    title: 'TIME',
    value: ({ entry }) => (entry?.last?.ok ? `${entry.last.totalMs} ms` : ''),
    alignRight: true,
  },
  {
    title: 'WHY',
    value: ({ entry }) => (entry?.last && !entry.last.ok ? entry.last.message : ''),
  },
];

/**
 * `check [PROXY...] [--plan P]`: checks the proxies named (every proxy of the plan, or of the
 * account, where none are), waits for the run to end, and prints each result. Exit 1 when any
 * proxy failed its check: `proxy-tray check --plan DE || alert`.
 */
export const checkCommand: Command = async (context) => {
  const { app, line } = context;
  const plans = await context.plans();
  const references = positionalsOf(line);
  const targets =
    references.length > 0
      ? references.map((reference) => proxyNamed(plans, reference))
      : await selectedProxies(app, plans, { plan: textFlag(line, 'plan') });
  if (targets.length === 0) {
    context.note('No proxies to check.');
    return context.ended(EXIT.done);
  }
  const proxyIds = [...new Set(targets.map(({ proxy }) => proxy.id))];
  // Listened for before the run starts: a Ctrl+C at any moment after cancels it.
  const stopped = context.io.stopped().then(() => STOPPED);
  let view = await app.call('checks:start', { proxyIds });
  const wanted = new Set(proxyIds);
  const finished = () =>
    view.entries.every((entry) => !wanted.has(entry.proxyId) || entry.state === 'idle');
  while (view.run !== null || !finished()) {
    if ((await Promise.race([sleep(POLL_MS), stopped])) === STOPPED) {
      // The running app would otherwise go on checking for a command that has gone.
      const progress = view.run;
      await app.call('checks:cancel');
      context.note(
        progress
          ? `Stopped: the check was cancelled after ${progress.done} of ${progress.total}.`
          : 'Stopped: the check was cancelled.',
      );
      return EXIT.stopped;
    }
    view = await app.call('checks:list');
  }
  const entries = new Map(view.entries.map((entry) => [entry.proxyId, entry]));
  const rows = targets.map((target) => ({ target, entry: entries.get(target.proxy.id) }));
  if (context.json) context.print(renderJson(rows.map(checkRecord)));
  else if (context.io.stdoutIsTerminal) {
    context.print(renderTable(rows, CHECK_COLUMNS, styleOf(context.io, 'stdout')));
  } else context.print(renderRecords(rows, CHECK_COLUMNS));
  const failed = rows.filter((row) => !row.entry?.last?.ok).length;
  if (failed > 0) {
    context.note(`${failed} of ${rows.length} failed.`);
    return EXIT.failed;
  }
  return context.ended(EXIT.done);
};
