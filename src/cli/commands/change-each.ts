import type { MatchingProxy } from '../../shared/search/matching-proxies';
import { CliFailure } from '../cli-failure';
import { EXIT, type ExitCode } from '../exit-codes';
import { proxyNamed } from '../listing/proxy-reference';
import { terminalText } from '../output/terminal-text';
import type { CommandContext } from './command-context';

/** Changes in flight at once: the app serializes each proxy's own, the service takes many. */
const PARALLEL_CHANGES = 8;

/**
 * Makes one change to each proxy named, through the popup's own path (optimistic, serialized,
 * re-read when the answer is lost): every name is resolved before anything changes (an ambiguous
 * one stops the command untouched), then each change runs and is reported. A refusal of some
 * leaves the others done: exit 1, naming each refused proxy and why; a change the service did not
 * take but this computer kept (a label) is said, and counts as done.
 */
export async function changeEach(
  context: CommandContext,
  references: readonly string[],
  what: string,
  change: (proxyId: number) => Promise<unknown>,
): Promise<ExitCode> {
  const plans = await context.plans();
  const targets = unique(references.map((reference) => proxyNamed(plans, reference)));
  const refused: string[] = [];
  const queue = [...targets].reverse();
  const worker = async () => {
    for (let target = queue.pop(); target !== undefined; target = queue.pop()) {
      const name = nameOf(target);
      try {
        await change(target.proxy.id);
        if (context.io.stdoutIsTerminal) context.print(`${terminalText(what)}: ${name}\n`);
      } catch (error) {
        if (!(error instanceof CliFailure)) throw error;
        if (error.keptLocally) {
          context.note(`${name}: ${error.message}`);
          continue;
        }
        refused.push(`${name}: ${error.message}`);
        if (error.exitCode === EXIT.signIn) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CHANGES, targets.length) }, worker));
  if (refused.length === 0) return context.ended(EXIT.done);
  const done = targets.length - refused.length;
  context.note(`${refused.length} of ${targets.length} refused (${done} done):`);
  for (const reason of refused) context.note(`  ${reason}`);
  return EXIT.failed;
}

function unique(targets: readonly MatchingProxy[]): MatchingProxy[] {
  const seen = new Set<number>();
  return targets.filter(({ proxy }) => !seen.has(proxy.id) && seen.add(proxy.id));
}

function nameOf({ proxy }: MatchingProxy): string {
  return terminalText(
    proxy.label ? `${proxy.label} (${proxy.id})` : `${proxy.ip}:${proxy.port} (${proxy.id})`,
  );
}
