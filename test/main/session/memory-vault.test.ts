import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../src/main/session/memory-vault';

describe('MemoryVault', () => {
  it('stores, replaces and deletes tokens per account', async () => {
    const vault = new MemoryVault();
    expect(await vault.get('alice')).toBeNull();
    await vault.set('alice', 'one');
    await vault.set('bob', 'two');
    await vault.set('alice', 'three');
    expect(await vault.get('alice')).toBe('three');
    expect(await vault.get('bob')).toBe('two');
    expect(await vault.delete('alice')).toBe(true);
    expect(await vault.delete('alice')).toBe(false);
    expect(await vault.get('alice')).toBeNull();
    expect(await vault.get('bob')).toBe('two');
  });

  it('shares nothing between two vaults, as between two runs of the app', async () => {
    const first = new MemoryVault();
    await first.set('alice', 'token');
    expect(await new MemoryVault().get('alice')).toBeNull();
  });

  it('does not show its tokens when serialised or inspected', async () => {
    const vault = new MemoryVault();
    await vault.set('alice', 'the-secret-token');
    expect(JSON.stringify(vault)).not.toContain('the-secret-token');
    expect(inspect(vault, { depth: 5 })).not.toContain('the-secret-token');
  });
});
