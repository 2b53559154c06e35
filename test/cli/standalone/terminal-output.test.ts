import { spawn, spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { CLI_LAUNCHER, finished } from '../support/cli-process';
import { useSignedInCli, wholePlan } from '../support/signed-in-cli';

const service = useApiServer();
const cli = useSignedInCli(service);

/** A label a hostile provider or script could set: it would retitle the terminal if printed raw. */
const TITLE_SEQUENCE_LABEL = 'x\u001b]0;owned\u0007y';

beforeAll(() => {
  const found = spawnSync('script', ['--version'], { encoding: 'utf8' });
  if (found.error) throw new Error('`script` is missing: apt-get install bsdutils');
});

const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * `proxy-tray ARGS` with a pseudo-terminal on stdout, as a user typing it sees it. Asynchronous:
 * the reference service answers from this very process.
 */
async function onTerminal(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const { NO_COLOR: _noColor, FORCE_COLOR: _forceColor, ...base } = cli().place.env;
  // stderr stays out of the screen: its notes (proxies the loose dialect hides) are not the table.
  const command = `${[process.execPath, CLI_LAUNCHER, ...args].map(quoted).join(' ')} 2>/dev/null`;
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...base, TERM: 'xterm-256color', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = await finished(child);
  return { code: run.code, screen: run.stdout.replaceAll('\r\n', '\n') };
}

/** A plan every dialect lists whole: the pseudo-terminal shows stderr's notes too. */
const labelledPlan = () => wholePlan(service());

describe('proxy-tray on its own, on a terminal', () => {
  beforeAll(async () => {
    const [proxy] = labelledPlan().proxies;
    if (!proxy) throw new Error('unreachable');
    const label = await cli().run(['label', String(proxy.id), TITLE_SEQUENCE_LABEL]);
    if (label.code !== EXIT.done) throw new Error(`label failed: ${label.stderr}`);
  });

  it('proxies is a table with a header, and no password anywhere', async () => {
    const plan = labelledPlan();
    const { code, screen } = await onTerminal(['proxies', '--plan', String(plan.id)]);
    expect(code).toBe(EXIT.done);
    const lines = screen.split('\n').filter((line) => line !== '');
    expect(lines[0]).toMatch(/ID\s+PLAN\s+LABEL\s+ADDRESS\s+USERNAME/);
    expect(lines).toHaveLength(plan.proxies.length + 1);
    for (const proxy of plan.proxies) {
      expect(screen).toContain(`${proxy.ip}:${proxy.port}`);
      expect(screen).not.toContain(proxy.password);
    }
  });

  it('styles the header with escape sequences, and none at all under NO_COLOR', async () => {
    const plan = String(labelledPlan().id);
    expect((await onTerminal(['proxies', '--plan', plan])).screen).toContain('\u001b[');
    const plain = await onTerminal(['proxies', '--plan', plan], { NO_COLOR: '1' });
    expect(plain.code).toBe(EXIT.done);
    expect(plain.screen).not.toContain('\u001b');
    expect(plain.screen).toMatch(/ID\s+PLAN/);
  });

  it('shows a label holding an escape sequence neutralised', async () => {
    const { code, screen } = await onTerminal(['proxies', '--plan', String(labelledPlan().id)], {
      NO_COLOR: '1',
    });
    expect(code).toBe(EXIT.done);
    expect(screen).toContain(']0;owned');
    expect(screen).not.toContain('\u001b');
    expect(screen).not.toContain('\u0007');
  });

  it('in a pipe the same label is data: --json gives it back exactly', async () => {
    const [proxy] = labelledPlan().proxies;
    const run = await cli().run(['get', String(proxy?.id), '--field', 'label']);
    expect(run.stdout).toBe(`${TITLE_SEQUENCE_LABEL}\n`);
  });
});
