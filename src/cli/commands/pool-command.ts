import type { PoolSource } from '../../shared/views/pool-port-view';
import { switchFlag, textFlag } from '../args/parse-command-line';
import { usageFailure } from '../cli-failure';
import { EXIT } from '../exit-codes';
import { planNamed } from '../listing/plan-reference';
import { renderJson } from '../output/table';
import { terminalText } from '../output/terminal-text';
import type { Command } from './command-context';
import { portNumberOf } from './port-command';

const STRATEGIES = ['round-robin', 'random', 'fastest', 'sticky'] as const;

/**
 * `pool (--plan P [--search Q] | --search Q | --pinned) [--strategy S] [--port N] [--password]
 * [--per-request]`: one local address spreading apps' connections over many proxies. As `port`:
 * the running app holds it (the command prints its address and returns); without the app this
 * process serves it in the foreground until Ctrl+C or SIGTERM. The address goes to stdout (with
 * the local password in it when the pool requires one), what happens to stderr.
 */
export const poolCommand: Command = async (context) => {
  const { app, line } = context;
  const strategy = strategyOf(textFlag(line, 'strategy'));
  const port = portNumberOf(textFlag(line, 'port'));
  const source = await sourceOf(context);
  const opened = await app.call('pool-ports:open', {
    source,
    ...(strategy === undefined ? {} : { strategy }),
    ...(port === undefined ? {} : { port }),
    ...(switchFlag(line, 'password') ? { requirePassword: true } : {}),
    ...(switchFlag(line, 'per-request') ? { perRequest: true } : {}),
  });
  const [http, socks5] = await Promise.all([
    app.call('cli:pool-url', { poolId: opened.poolId, scheme: 'http' }),
    app.call('cli:pool-url', { poolId: opened.poolId, scheme: 'socks5' }),
  ]);
  if (context.json) {
    context.print(
      renderJson({
        pool_id: opened.poolId,
        title: opened.title,
        host: opened.host,
        port: opened.port,
        protocol: opened.protocol,
        strategy: opened.strategy,
        per_request: opened.perRequest,
        requires_password: opened.requiresPassword,
        members: opened.memberCount,
        http_url: http.url,
        socks5_url: socks5.url,
      }),
    );
  } else {
    context.print(`${http.url}\n`);
    const members = `${opened.memberCount} ${opened.memberCount === 1 ? 'proxy' : 'proxies'}`;
    context.note(
      `${socks5.url} works too. Pool port of ${terminalText(opened.title)}: ${members}, ${opened.strategy}. A login as session-<id> (any password) keeps one proxy for that id.`,
    );
  }
  if (app.servedBy === 'owner') return context.ended(EXIT.done);
  context.note('Serving here until Ctrl+C (Proxy Tray is not running).');
  await app.serveUntilStopped();
  return context.ended(EXIT.done);
};

/** The proxies the flags name: a plan's, a search's (in a plan, with both), or the pinned ones. */
async function sourceOf(context: Parameters<Command>[0]): Promise<PoolSource> {
  const { line } = context;
  const plan = textFlag(line, 'plan');
  const search = textFlag(line, 'search');
  const pinned = switchFlag(line, 'pinned');
  if (pinned && (plan !== undefined || search !== undefined)) {
    throw usageFailure('--pinned pools the pinned proxies: give it without --plan or --search.');
  }
  if (pinned) {
    await context.plans();
    return { kind: 'pinned' };
  }
  if (search !== undefined && search.trim() === '') {
    throw usageFailure('--search takes a query (words, labels, exit IPs, is:rotating).');
  }
  // Listed first in any case: a process serving the pool itself has no listing until asked.
  const plans = await context.plans();
  const planId = plan === undefined ? undefined : planNamed(plans, plan).id;
  if (search !== undefined) {
    return { kind: 'search', query: search, ...(planId === undefined ? {} : { planId }) };
  }
  if (planId !== undefined) return { kind: 'plan', planId };
  throw usageFailure('Name the proxies to pool: --plan P, --search Q (or both), or --pinned.');
}

function strategyOf(text: string | undefined): (typeof STRATEGIES)[number] | undefined {
  if (text === undefined) return undefined;
  const strategy = STRATEGIES.find((name) => name === text);
  if (strategy === undefined) {
    throw usageFailure(
      `--strategy takes ${STRATEGIES.join(', ')}; "${terminalText(text)}" is none of them.`,
    );
  }
  return strategy;
}
