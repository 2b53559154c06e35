import { writeFile } from 'atomically';
import { COPY_FORMAT_IDS } from '../../shared/credentials/copy-formats';
import { EXPORT_KINDS } from '../../shared/export/export-kinds';
import { textFlag } from '../args/parse-command-line';
import { CliFailure, usageFailure } from '../cli-failure';
import { EXIT } from '../exit-codes';
import { selectedProxies } from '../listing/selected-proxies';
import type { Command } from './command-context';

/**
 * `export`: the popup's export (every kind, the same bytes) to stdout, or with `-o FILE` to a file
 * only the user may read (written whole or not at all: a temp file renamed into place).
 */
export const exportCommand: Command = async (context) => {
  const { app, line } = context;
  const kind = choiceOf(textFlag(line, 'kind') ?? 'lines', EXPORT_KINDS, '--kind');
  const format = textFlag(line, 'format');
  if (format !== undefined && kind !== 'lines') {
    throw usageFailure('--format is for --kind lines: the other kinds have every field.');
  }
  const copyFormat =
    format === undefined ? undefined : choiceOf(format, COPY_FORMAT_IDS, '--format');
  const plans = await context.plans();
  const selected = await selectedProxies(app, plans, {
    plan: textFlag(line, 'plan'),
    search: textFlag(line, 'search'),
  });
  if (selected.length === 0) {
    context.note('No proxies match: nothing was exported.');
    return EXIT.failed;
  }
  const file = await app.call('cli:export', {
    proxyIds: selected.map(({ proxy }) => proxy.id),
    kind,
    ...(copyFormat ? { copyFormat } : {}),
  });
  const output = textFlag(line, 'output');
  if (output === undefined || output === '-') {
    context.print(file.content);
    return context.ended(EXIT.done);
  }
  try {
    await writeFile(output, file.content, { mode: 0o600 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliFailure(`${output} could not be written: ${reason}`, EXIT.failed);
  }
  context.note(
    `Exported ${file.count} ${file.count === 1 ? 'proxy' : 'proxies'} to ${output}. It holds their passwords in plain text: keep it private.`,
  );
  return context.ended(EXIT.done);
};

function choiceOf<Choice extends string>(
  text: string,
  choices: readonly Choice[],
  flag: string,
): Choice {
  if ((choices as readonly string[]).includes(text)) return text as Choice;
  throw usageFailure(`${flag} takes ${choices.join(', ')}; "${text}" is none of them.`);
}
