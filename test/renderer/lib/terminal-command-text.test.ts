import { describe, expect, it } from 'vitest';
import { terminalCommandText } from '../../../src/renderer/src/lib/terminal-command-text';

const linkPath = '/usr/local/bin/proxy-tray';

describe('terminalCommandText', () => {
  it('shows no row where the installer put the command on PATH', () => {
    expect(terminalCommandText({ state: 'unavailable' })).toBeNull();
  });

  it("offers to install in the link's folder when nothing is there", () => {
    expect(terminalCommandText({ state: 'absent', linkPath })).toEqual({
      status: 'Not installed: a terminal does not find proxy-tray yet.',
      action: { kind: 'install', label: 'Install in /usr/local/bin' },
    });
    expect(
      terminalCommandText({ state: 'absent', linkPath: '/tmp/x y/bin/proxy-tray' })?.action?.label,
    ).toBe('Install in /tmp/x y/bin');
  });

  it('says it is installed and offers Remove', () => {
    expect(terminalCommandText({ state: 'installed', linkPath })).toEqual({
      status: "Installed: /usr/local/bin/proxy-tray runs this app's command.",
      action: { kind: 'remove', label: 'Remove' },
    });
  });

  it('says where a link to elsewhere points, and offers to replace it', () => {
    const target = '/Users/me/Downloads/Proxy Tray.app/Contents/Resources/bin/proxy-tray';
    expect(terminalCommandText({ state: 'other-link', linkPath, target })).toEqual({
      status: `/usr/local/bin/proxy-tray links to ${target}, not to this app (an older copy?).`,
      action: { kind: 'install', label: 'Replace' },
    });
  });

  it('offers nothing for a file that is not ours, and says so', () => {
    const text = terminalCommandText({ state: 'not-a-link', linkPath });
    expect(text?.action).toBeNull();
    expect(text?.status).toBe(
      '/usr/local/bin/proxy-tray is a file Proxy Tray did not put there, so it is left alone. Remove it yourself to install the command there.',
    );
  });
});
