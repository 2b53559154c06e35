import { COPY_FORMAT_IDS } from '../../shared/credentials/copy-formats';
import { HOST_CHOICE_IDS } from '../../shared/credentials/host-choices';
import { EXPORT_KINDS } from '../../shared/export/export-kinds';

/**
 * Every command of `proxy-tray`, its arguments and its flags, declared once: the parser, the help
 * and the shell completions are all read from here, so they cannot disagree.
 */

/** What a flag's value or an argument is, for the completions: a fixed list, a file, or free text. */
export type ValueKind =
  | { kind: 'choice'; values: readonly string[] }
  | { kind: 'file' }
  | { kind: 'proxy' }
  | { kind: 'text' };

export interface FlagSpec {
  readonly name: string;
  readonly short?: string;
  /** Absent: a switch (`--json`); present: the flag takes one value (`--plan ID`). */
  readonly value?: ValueKind & { readonly placeholder: string };
  readonly summary: string;
}

export interface ArgumentSpec {
  readonly name: string;
  readonly value: ValueKind;
  /** Takes every remaining argument (`PROXY...`). */
  readonly many?: true;
  readonly optional?: true;
}

export interface CommandSpec {
  readonly name: string;
  readonly summary: string;
  readonly arguments: readonly ArgumentSpec[];
  readonly flags: readonly FlagSpec[];
  /** A reading command: `--json` prints its answer as JSON. */
  readonly reads?: true;
}

const proxyArgument: ArgumentSpec = { name: 'PROXY', value: { kind: 'proxy' } };
const proxiesArgument: ArgumentSpec = { ...proxyArgument, many: true };
const planFlag: FlagSpec = {
  name: 'plan',
  value: { kind: 'text', placeholder: 'ID|NAME' },
  summary: 'only the proxies of this plan (its id or its name)',
};
const searchFlag: FlagSpec = {
  name: 'search',
  value: { kind: 'text', placeholder: 'QUERY' },
  summary: "only the proxies the popup's search would show (words, labels, exit IPs, is:rotating)",
};
const formatFlag: FlagSpec = {
  name: 'format',
  value: { kind: 'choice', values: COPY_FORMAT_IDS, placeholder: 'FORMAT' },
  summary: 'credentials in this copy format, or a template such as "{ip}:{port}"',
};
const hostFlag: FlagSpec = {
  name: 'host',
  value: { kind: 'choice', values: HOST_CHOICE_IDS, placeholder: 'entry|ipv4|ipv6' },
  summary: 'which address of the proxy the credentials name',
};

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'login',
    summary: 'sign in with a token read from stdin or PROXY_TRAY_TOKEN (never an argument)',
    arguments: [],
    flags: [
      {
        name: 'service-url',
        value: { kind: 'text', placeholder: 'URL' },
        summary: "the provider's API address (the last one used where omitted)",
      },
      { name: 'token-stdin', summary: 'read the token from the first line of stdin' },
    ],
  },
  {
    name: 'logout',
    summary: 'sign out and forget the token',
    arguments: [],
    flags: [],
  },
  {
    name: 'accounts',
    summary: 'the accounts signed in on this computer',
    arguments: [],
    flags: [],
    reads: true,
  },
  { name: 'plans', summary: "the account's plans", arguments: [], flags: [], reads: true },
  {
    name: 'proxies',
    summary: 'list proxies: a table on a terminal, one credentials line each in a pipe',
    arguments: [],
    flags: [planFlag, searchFlag, formatFlag, hostFlag],
    reads: true,
  },
  {
    name: 'get',
    summary: "one proxy's credentials, or one field of them",
    arguments: [proxyArgument],
    flags: [
      {
        name: 'field',
        value: {
          kind: 'choice',
          values: ['host', 'port', 'username', 'password', 'label'],
          placeholder: 'FIELD',
        },
        summary: 'print only this field',
      },
      formatFlag,
      hostFlag,
    ],
    reads: true,
  },
  {
    name: 'rotation',
    summary: 'turn rotation on or off',
    arguments: [
      { name: 'on|off', value: { kind: 'choice', values: ['on', 'off'] } },
      proxiesArgument,
    ],
    flags: [],
  },
  {
    name: 'interval',
    summary: 'set the rotation interval (600, 90s, 5m, 2h)',
    arguments: [{ name: 'DURATION', value: { kind: 'text' } }, proxiesArgument],
    flags: [],
  },
  {
    name: 'label',
    summary: "set a proxy's label ('' removes it)",
    arguments: [proxyArgument, { name: 'TEXT', value: { kind: 'text' } }],
    flags: [],
  },
  {
    name: 'check',
    summary: 'check that proxies work and show their exit IP',
    arguments: [{ ...proxiesArgument, optional: true }],
    flags: [planFlag],
    reads: true,
  },
  {
    name: 'export',
    summary: 'write proxies, passwords included, to a file or stdout',
    arguments: [],
    flags: [
      planFlag,
      searchFlag,
      {
        name: 'kind',
        value: { kind: 'choice', values: EXPORT_KINDS, placeholder: 'KIND' },
        summary: 'the file kind (lines where omitted)',
      },
      formatFlag,
      {
        name: 'output',
        short: 'o',
        value: { kind: 'file', placeholder: 'FILE' },
        summary: 'write to this file (mode 600) instead of stdout',
      },
    ],
  },
  {
    name: 'port',
    summary: 'open a local port to a proxy (served here until Ctrl+C when the app is not running)',
    arguments: [proxyArgument],
    flags: [
      {
        name: 'port',
        value: { kind: 'text', placeholder: 'N' },
        summary: 'listen on this port (any free one where omitted)',
      },
      { name: 'password', summary: 'local apps must give a random password' },
    ],
    reads: true,
  },
  {
    name: 'pool',
    summary:
      "open a pool port: one local address over a plan's, a search's or the pinned proxies (served here until Ctrl+C when the app is not running)",
    arguments: [],
    flags: [
      { ...planFlag, summary: "the plan's proxies (its id or its name)" },
      {
        ...searchFlag,
        summary: "the proxies the popup's search would show (with --plan: in that plan)",
      },
      { name: 'pinned', summary: 'the pinned proxies' },
      {
        name: 'strategy',
        value: {
          kind: 'choice',
          values: ['round-robin', 'random', 'fastest', 'sticky'],
          placeholder: 'NAME',
        },
        summary: 'how each connection picks its proxy (round-robin where omitted)',
      },
      {
        name: 'port',
        value: { kind: 'text', placeholder: 'N' },
        summary: 'listen on this port (any free one where omitted)',
      },
      { name: 'password', summary: 'local apps must give a random password' },
      {
        name: 'per-request',
        summary: 'a new proxy for each plain HTTP request of a kept-alive connection',
      },
    ],
    reads: true,
  },
  {
    name: 'completion',
    summary: 'print a completion script for a shell',
    arguments: [{ name: 'SHELL', value: { kind: 'choice', values: ['bash', 'zsh', 'fish'] } }],
    flags: [],
  },
];

/** Flags every command takes. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  {
    name: 'account',
    value: { kind: 'text', placeholder: 'ID' },
    summary: 'act on this account (the active one where omitted)',
  },
  { name: 'json', summary: 'print the answer as JSON (reading commands)' },
  { name: 'help', short: 'h', summary: 'show help' },
  { name: 'version', short: 'V', summary: 'print the version' },
];

export function commandNamed(name: string): CommandSpec | undefined {
  return COMMANDS.find((command) => command.name === name);
}
