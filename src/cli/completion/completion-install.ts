/** How each shell loads the completions, one line per shell: for the README and `--help`. */
export const COMPLETION_INSTALL = [
  'bash: add `source <(proxy-tray completion bash)` to ~/.bashrc',
  'zsh:  add `source <(proxy-tray completion zsh)` to ~/.zshrc, after `compinit`',
  'fish: run `proxy-tray completion fish > ~/.config/fish/completions/proxy-tray.fish`',
].join('\n');
