import { credentialFormatOf, PIPE_FORMAT } from '../args/credential-format';
import { positionalsOf, textFlag } from '../args/parse-command-line';
import { usageFailure } from '../cli-failure';
import { EXIT } from '../exit-codes';
import { proxyNamed } from '../listing/proxy-reference';
import { credentialLines, proxyRecords } from '../listing/proxy-records';
import { hostAndPort } from '../../shared/credentials/url-parts';
import { rotationText } from '../output/proxy-table';
import { renderJson } from '../output/table';
import { terminalText } from '../output/terminal-text';
import type { Command } from './command-context';

const FIELDS = ['host', 'port', 'username', 'password', 'label'] as const;
type Field = (typeof FIELDS)[number];

/**
 * `get PROXY`: one proxy. `--field` prints that value alone; `--format` (or a pipe) its credentials
 * line; `--json` its record; a terminal otherwise shows its details, the password left out.
 */
export const getCommand: Command = async (context) => {
  const { line, app } = context;
  const [reference = ''] = positionalsOf(line);
  const field = fieldOf(textFlag(line, 'field'));
  const format = credentialFormatOf(line);
  if (field !== undefined && format !== undefined && textFlag(line, 'format') !== undefined) {
    throw usageFailure('--field and --format each choose what is printed: give one of them.');
  }
  const { plan, proxy } = proxyNamed(await context.plans(), reference);
  if (context.json) {
    const [record] = await proxyRecords(app, [proxy.id], format);
    context.print(renderJson(record));
  } else if (field === 'label') {
    context.print(`${proxy.label ?? ''}\n`);
  } else if (field !== undefined) {
    const hostChoice = format?.hostChoice;
    const { lines } = await app.call('cli:credentials', {
      proxyIds: [proxy.id],
      field,
      ...(hostChoice ? { hostChoice } : {}),
    });
    context.print(`${lines[0] ?? ''}\n`);
  } else if (format !== undefined || !context.io.stdoutIsTerminal) {
    const [text] = await credentialLines(app, [proxy.id], format ?? { format: PIPE_FORMAT });
    context.print(`${text ?? ''}\n`);
  } else {
    const rows: [string, string][] = [
      ['ID', String(proxy.id)],
      ['Plan', terminalText(plan.name)],
      ['Label', terminalText(proxy.label ?? '')],
      ['Address', hostAndPort(proxy.ip, proxy.port)],
      ['Username', terminalText(proxy.username)],
      ['Password', 'not shown (--field password)'],
      ['Exit IPv4', proxy.assigned_proxy_ipv4 ?? ''],
      ['Exit IPv6', proxy.assigned_proxy_ipv6 ?? ''],
      ['Rotation', rotationText(proxy)],
    ];
    context.print(rows.map(([name, value]) => `${`${name}:`.padEnd(11)}${value}\n`).join(''));
  }
  return context.ended(EXIT.done);
};

function fieldOf(text: string | undefined): Field | undefined {
  if (text === undefined) return undefined;
  if ((FIELDS as readonly string[]).includes(text)) return text as Field;
  throw usageFailure(`--field takes ${FIELDS.join(', ')}; "${text}" is none of them.`);
}
