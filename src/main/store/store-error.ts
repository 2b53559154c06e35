export type StoreErrorKind = 'invalid_input' | 'storage';

/**
 * The error the settings and label stores throw: `invalid_input` when a change is refused (nothing
 * was written), `storage` when the file could not be read or written. The message is a sentence a
 * user can read; `problems` lists each refused field for a form to show next to it.
 */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly kind: StoreErrorKind;
  readonly problems: readonly string[];

  constructor(kind: StoreErrorKind, message: string, problems: readonly string[] = [message]) {
    super(message);
    this.kind = kind;
    this.problems = problems;
  }

  toJSON(): { name: string; kind: StoreErrorKind; message: string; problems: readonly string[] } {
    return { name: this.name, kind: this.kind, message: this.message, problems: this.problems };
  }
}

/** The reason of a failed file operation, without the stack or anything else from the error. */
export function fileErrorReason(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return error instanceof Error ? error.message : String(error);
}
