import type { z } from 'zod';

const MAX_NAMED_KEYS = 5;
const MAX_KEY_LENGTH = 40;

/**
 * Why an input was refused, as one sentence for the popup: where (the field's path) and what.
 * Unknown fields are named — "unknown field "colour"" says what to fix, where zod's own message
 * for a strict object with a custom error may not — with each name cut short and at most a few
 * listed, since the names come from the sender and may be junk of any size.
 */
export function describeInputIssue(error: z.ZodError): string {
  const issue = mostTelling(error.issues);
  if (!issue) return 'Invalid request: input: not accepted.';
  const where = issue.path.map(String).join('.').slice(0, 200) || 'input';
  return `Invalid request: ${where}: ${reasonOf(issue)}.`;
}

function reasonOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const named = issue.keys.slice(0, MAX_NAMED_KEYS).map(quoted).join(', ');
    const more = issue.keys.length - MAX_NAMED_KEYS;
    const noun = issue.keys.length === 1 ? 'field' : 'fields';
    return `unknown ${noun} ${named}${more > 0 ? ` and ${more} more` : ''}`;
  }
  return (issue.message || 'not accepted').replace(/\.$/, '');
}

/**
 * The issue to report: the first, except that a union's failure is explained by the branch that
 * came closest (the fewest issues), so `{proxyId, junk}` on the copy channel names `junk`.
 */
function mostTelling(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue | undefined {
  const first = issues[0];
  if (first?.code !== 'invalid_union' || first.errors.length === 0) return first;
  const closest = [...first.errors].sort((a, b) => a.length - b.length)[0] ?? [];
  const inner = mostTelling(closest);
  return inner ? { ...inner, path: [...first.path, ...inner.path] } : first;
}

function quoted(key: string): string {
  const short = key.length > MAX_KEY_LENGTH ? `${key.slice(0, MAX_KEY_LENGTH)}…` : key;
  return JSON.stringify(short);
}
