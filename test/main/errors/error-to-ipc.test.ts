import { describe, expect, it } from 'vitest';
import { ProxyServiceError } from '../../../src/main/api/proxy-service-error';
import { toIpcError } from '../../../src/main/errors/error-to-ipc';
import { KeptLocallyError, UserFacingError } from '../../../src/main/errors/user-facing-error';
import { StoreError } from '../../../src/main/store/store-error';
import { TemplateError } from '../../../src/shared/credentials';

describe('toIpcError', () => {
  it('passes on the kind and sentence of errors written for users', () => {
    expect(toIpcError(new ProxyServiceError('rate_limited', 'Too many requests.'))).toEqual({
      kind: 'rate_limited',
      message: 'Too many requests.',
    });
    expect(toIpcError(new StoreError('storage', 'The labels file could not be written.'))).toEqual({
      kind: 'storage',
      message: 'The labels file could not be written.',
    });
    expect(toIpcError(new UserFacingError('not_found', 'That proxy is not listed.'))).toEqual({
      kind: 'not_found',
      message: 'That proxy is not listed.',
    });
  });

  it('reads a refused copy template as invalid input', () => {
    expect(toIpcError(new TemplateError('Unknown placeholder {x}.'))).toEqual({
      kind: 'invalid_input',
      message: 'Unknown placeholder {x}.',
    });
  });

  it('says when the token may be kept for the session, and when a change was kept locally', () => {
    expect(toIpcError(new UserFacingError('keychain', 'No keychain.', true))).toEqual({
      kind: 'keychain',
      message: 'No keychain.',
      canKeepForSession: true,
    });
    expect(toIpcError(new KeptLocallyError('unconfirmed', 'Kept on this computer.'))).toEqual({
      kind: 'unconfirmed',
      message: 'Kept on this computer.',
      keptLocally: true,
    });
  });

  it('shows anything else as an internal error, without its text', () => {
    const bug = new Error('token=secret-value at /home/user');
    expect(toIpcError(bug)).toEqual({
      kind: 'internal',
      message: 'Something went wrong inside Proxy Tray. Try again, or restart it.',
    });
    expect(toIpcError('thrown text')).toMatchObject({ kind: 'internal' });
  });
});
