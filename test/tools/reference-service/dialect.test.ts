import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIALECT_ENV_VARIABLE, resolveDialect } from '../../../tools/reference-service/dialect';
import { createApiServer } from '../../../tools/reference-service/server';

describe('resolveDialect', () => {
  it('takes the dialect asked for over the environment', () => {
    expect(resolveDialect('spec', { [DIALECT_ENV_VARIABLE]: 'loose' })).toBe('spec');
    expect(resolveDialect('loose', {})).toBe('loose');
  });

  it('takes the environment when nothing is asked for, else spec', () => {
    expect(resolveDialect(undefined, { [DIALECT_ENV_VARIABLE]: 'loose' })).toBe('loose');
    expect(resolveDialect(undefined, { [DIALECT_ENV_VARIABLE]: 'spec' })).toBe('spec');
    expect(resolveDialect(undefined, { [DIALECT_ENV_VARIABLE]: '' })).toBe('spec');
    expect(resolveDialect(undefined, {})).toBe('spec');
  });

  it('refuses a dialect it does not know, naming where it came from', () => {
    expect(() => resolveDialect(undefined, { [DIALECT_ENV_VARIABLE]: 'Loose' })).toThrow(
      'Unknown API dialect (PROXY_TRAY_API_DIALECT=Loose): expected one of spec, loose',
    );
    expect(() => resolveDialect('lax' as never, {})).toThrow(/Unknown API dialect \(dialect lax\)/);
  });
});

describe('createApiServer', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('serves the dialect of the environment and names it', async () => {
    vi.stubEnv(DIALECT_ENV_VARIABLE, 'loose');
    const server = await createApiServer();
    try {
      expect(server.dialect).toBe('loose');
      expect(server.looseVariants.listingKey).not.toBeNull();
    } finally {
      await server.close();
    }
  });

  it('refuses to start with an unknown dialect in the environment', async () => {
    vi.stubEnv(DIALECT_ENV_VARIABLE, 'strict');
    await expect(createApiServer()).rejects.toThrow(/PROXY_TRAY_API_DIALECT=strict/);
  });
});
