import { describe, expect, it } from 'vitest';
import { COMMANDS, GLOBAL_FLAGS, commandNamed } from '../../../src/cli/commands/command-table';
import { COMPLETION_INSTALL } from '../../../src/cli/completion/completion-install';
import { COMPLETION_SHELLS, completionScript } from '../../../src/cli/completion/completion-script';
import { flagWords } from '../../../src/cli/completion/completion-model';

describe('the completion scripts follow the command table', () => {
  it('`completion SHELL` offers exactly the shells a script is written for', () => {
    const shellArgument = commandNamed('completion')?.arguments[0]?.value;
    expect(shellArgument).toEqual({ kind: 'choice', values: [...COMPLETION_SHELLS] });
  });

  it.each(COMPLETION_SHELLS)('the %s script names every command and every flag', (shell) => {
    const script = completionScript(shell);
    const flags = [...COMMANDS.flatMap((command) => command.flags), ...GLOBAL_FLAGS];
    for (const command of COMMANDS) expect(script).toContain(`'${command.name}'`);
    // fish names a flag by its name (`-l output`, `-s o`), the others by the words typed.
    const typed = (word: string): string =>
      shell === 'fish' ? word.replace(/^--/, "-l '").replace(/^-(?!l ')/, "-s '") : word;
    for (const word of flags.flatMap(flagWords)) expect(script).toContain(typed(word));
  });

  it('the install instructions give one line per shell, each loading its own script', () => {
    const lines = COMPLETION_INSTALL.split('\n');
    expect(lines).toHaveLength(COMPLETION_SHELLS.length);
    COMPLETION_SHELLS.forEach((shell, index) => {
      expect(lines[index]).toMatch(new RegExp(`^${shell}:.*proxy-tray completion ${shell}\\b`));
    });
  });
});
