import { positionalsOf, switchFlag, textFlag } from '../args/parse-command-line';
import { usageFailure } from '../cli-failure';
import { EXIT } from '../exit-codes';
import { proxyNamed } from '../listing/proxy-reference';
import { renderJson } from '../output/table';
import { terminalText } from '../output/terminal-text';
import type { Command } from './command-context';

/**
 * `port PROXY [--port N] [--password]`: a local port that logs in to the proxy for apps. The
 * running app holds it (the command prints its address and returns); without the app this
 * process serves it in the foreground until Ctrl+C or SIGTERM — a headless proxy manager — and
 * prints the same address. The address goes to stdout (with the local password in it when the
 * port requires one: the one thing an app needs), what happens to stderr.
 */
export const portCommand: Command = async (context) => {
  const { app, line } = context;
  const [reference = ''] = positionalsOf(line);
  const port = portNumberOf(textFlag(line, 'port'));
  const { proxy } = proxyNamed(await context.plans(), reference);
  const opened = await app.call('local-ports:open', {
    proxyId: proxy.id,
    ...(port === undefined ? {} : { port }),
    ...(switchFlag(line, 'password') ? { requirePassword: true } : {}),
  });
  const [http, socks5] = await Promise.all([
    app.call('cli:local-port-url', { proxyId: proxy.id, scheme: 'http' }),
    app.call('cli:local-port-url', { proxyId: proxy.id, scheme: 'socks5' }),
  ]);
  if (context.json) {
    context.print(
      renderJson({
        proxy_id: opened.proxyId,
        host: opened.host,
        port: opened.port,
        protocol: opened.protocol,
        requires_password: opened.requiresPassword,
        http_url: http.url,
        socks5_url: socks5.url,
      }),
    );
  } else {
    context.print(`${http.url}\n`);
    context.note(`${socks5.url} works too. Local port of ${terminalText(opened.title)}.`);
  }
  if (app.servedBy === 'owner') return context.ended(EXIT.done);
  context.note('Serving here until Ctrl+C (Proxy Tray is not running).');
  await app.serveUntilStopped();
  return context.ended(EXIT.done);
};

export function portNumberOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) {
    throw usageFailure(
      `--port takes a port number from 1 to 65535 (0: any free one); "${text}" is not one.`,
    );
  }
  return port;
}
