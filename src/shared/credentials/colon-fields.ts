import type { CopyFormat } from './copy-formats';
import { parseTemplate } from './copy-template';

export type SecretField = 'username' | 'password';

/**
 * The fields of a copied line that a reader splitting it on ':' would cut in the wrong place: a
 * username or password holding ':' in a format whose fields are joined by ':' (a custom template
 * counts when its own text has one). URL forms percent-encode their fields, so none there.
 */
export function fieldsWithColons(
  format: CopyFormat,
  template: string | undefined,
  proxy: Readonly<Record<SecretField, string>>,
): SecretField[] {
  const fields = colonJoinedFields(format, template);
  return fields.filter((field) => proxy[field].includes(':'));
}

function colonJoinedFields(format: CopyFormat, template: string | undefined): SecretField[] {
  if (format === 'ip-port-user-pass' || format === 'user-pass-at-ip-port') {
    return ['username', 'password'];
  }
  if (format !== 'custom' || template === undefined) return [];
  const parsed = parseTemplate(template);
  if (!parsed.ok) return [];
  const joinedByColon = parsed.parts.some((part) => 'text' in part && part.text.includes(':'));
  if (!joinedByColon) return [];
  return (['username', 'password'] as const).filter((field) =>
    parsed.parts.some((part) => 'placeholder' in part && part.placeholder === field),
  );
}

/** "the password contains ':' — tools that split on ':' will misread it", or nothing to say. */
export function colonWarning(fields: readonly SecretField[]): string | undefined {
  if (fields.length === 0) return undefined;
  const subject =
    fields.length === 1 ? `the ${fields[0]} contains` : 'the username and password contain';
  return `${subject} ':' — tools that split on ':' will misread it`;
}
