import { bashScript } from './bash-script';
import { fishScript } from './fish-script';
import { zshScript } from './zsh-script';

/** The shells `proxy-tray completion SHELL` writes a script for. */
export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

const SCRIPTS: Record<CompletionShell, () => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
};

/** The completion script of a shell, generated from the command table (what `completion SHELL` prints). */
export function completionScript(shell: CompletionShell): string {
  return SCRIPTS[shell]();
}
