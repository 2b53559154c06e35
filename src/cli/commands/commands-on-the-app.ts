import { accountsCommand, plansCommand } from './account-commands';
import { intervalCommand, labelCommand, rotationCommand } from './change-commands';
import { checkCommand } from './check-command';
import type { Command } from './command-context';
import { exportCommand } from './export-command';
import { getCommand } from './get-command';
import { poolCommand } from './pool-command';
import { portCommand } from './port-command';
import { proxiesCommand } from './proxies-command';
import { loginCommand, logoutCommand } from './session-commands';

export { CommandContext } from './command-context';
export { completeProxies } from './complete-command';

/** Each command that talks to the app, by name; `completion` is answered without it. */
export const COMMANDS_ON_THE_APP: Readonly<Record<string, Command>> = {
  login: loginCommand,
  logout: logoutCommand,
  accounts: accountsCommand,
  plans: plansCommand,
  proxies: proxiesCommand,
  get: getCommand,
  rotation: rotationCommand,
  interval: intervalCommand,
  label: labelCommand,
  check: checkCommand,
  export: exportCommand,
  port: portCommand,
  pool: poolCommand,
};
