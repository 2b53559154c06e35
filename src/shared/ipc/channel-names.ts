/**
 * The names of every channel and event, without their schemas: the preload needs only these, and
 * stays small by not loading zod. `contract.ts` is checked against them at compile time.
 */
export const IPC_CHANNELS = [
  'session:status',
  'session:sign-in',
  'session:sign-out',
  'session:switch-account',
  'account:get',
  'plans:list',
  'plans:refresh',
  'proxy:set-rotation',
  'proxy:set-interval',
  'proxy:set-label',
  'proxy:reveal-password',
  'proxy:set-pinned',
  'favorites:list',
  'credentials:copy',
  'credentials:set-host-choice',
  'credentials:plan-host-choices',
  'credentials:forget-host-choice',
  'checks:list',
  'checks:start',
  'checks:cancel',
  'export:save',
  'local-ports:list',
  'local-ports:open',
  'local-ports:configure',
  'local-ports:close',
  'local-ports:copy',
  'local-ports:open-browser',
  'pool-ports:list',
  'pool-ports:open',
  'pool-ports:configure',
  'pool-ports:close',
  'pool-ports:copy',
  'alerts:list',
  'updates:status',
  'updates:check',
  'updates:restart',
  'settings:get',
  'settings:update',
  'app:notices',
  'desktop:status',
  'logs:open-folder',
  'terminal-command:status',
  'terminal-command:install',
  'terminal-command:remove',
  'popup:hide',
  'app:quit',
] as const;
export type IpcChannel = (typeof IPC_CHANNELS)[number];

export const IPC_EVENTS = [
  'plans:changed',
  'session:changed',
  'settings:changed',
  'checks:changed',
  'alerts:changed',
  'updates:changed',
  'desktop:changed',
  'clipboard:cleared',
  'favorites:changed',
  'local-ports:changed',
  'pool-ports:changed',
  'popup:shown',
] as const;
export type IpcEvent = (typeof IPC_EVENTS)[number];

/**
 * `proxy:set-rotation` → `['proxy', 'setRotation']`, `local-ports:open` → `['localPorts',
 * 'open']`: where the channel sits on the bridge.
 */
export function bridgePathOf(channel: IpcChannel): [area: string, method: string] {
  const [area = '', name = ''] = channel.split(':');
  return [camelCase(area), camelCase(name)];
}

function camelCase(text: string): string {
  return text.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

type CamelCase<Text extends string> = Text extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Text;
export type AreaOf<Channel extends string> = Channel extends `${infer Area}:${string}`
  ? CamelCase<Area>
  : never;
export type MethodOf<Channel extends string> = Channel extends `${string}:${infer Name}`
  ? CamelCase<Name>
  : never;
