import { credentialFormatOf, PIPE_FORMAT } from '../args/credential-format';
import { textFlag } from '../args/parse-command-line';
import { EXIT } from '../exit-codes';
import { credentialLines, proxyRecords } from '../listing/proxy-records';
import { selectedProxies } from '../listing/selected-proxies';
import { PROXY_COLUMNS } from '../output/proxy-table';
import { renderJson, renderTable } from '../output/table';
import { styleOf } from '../output/style';
import type { Command } from './command-context';

/**
 * `proxies`: a table on a terminal (no passwords); in a pipe, or with `--format`, one credentials
 * line per proxy (`ip:port:user:pass` by default); `--json`, the export's records.
 */
export const proxiesCommand: Command = async (context) => {
  const { line, app } = context;
  const plans = await context.plans();
  const format = credentialFormatOf(line);
  const selected = await selectedProxies(app, plans, {
    plan: textFlag(line, 'plan'),
    search: textFlag(line, 'search'),
  });
  const proxyIds = selected.map(({ proxy }) => proxy.id);
  if (context.json) {
    context.print(
      renderJson(proxyIds.length === 0 ? [] : await proxyRecords(app, proxyIds, format)),
    );
  } else if (proxyIds.length === 0) {
    context.note('No proxies match.');
  } else if (format !== undefined || !context.io.stdoutIsTerminal) {
    const lines = await credentialLines(app, proxyIds, format ?? { format: PIPE_FORMAT });
    context.print(lines.map((text) => `${text}\n`).join(''));
  } else {
    context.print(renderTable(selected, PROXY_COLUMNS, styleOf(context.io, 'stdout')));
  }
  return context.ended(EXIT.done);
};
