import { redactSecrets } from './redact';

/**
 * Pulls the service's own explanation out of an error body of any shape, so a user sees "Plan is
 * blocked" rather than only "HTTP 403". Understood: a JSON string; `{detail}` (FastAPI, RFC 7807),
 * `{message}`, `{error}`, `{error_description}`, `{msg}`, `{title}`; lists of field errors
 * (`[{loc, msg}]`, `[{field, message}]`, `{errors: {field: [..]}}`); plain text; an HTML page's
 * title. Anything else gives `undefined`. The result is one short line of plain text, with the
 * `secrets` (the token the request carried; a service may echo it, or a piece of it) and anything
 * shaped like a secret redacted.
 */
export function serverExplanation(
  body: string | undefined,
  secrets: readonly string[],
): string | undefined {
  if (!body) return undefined;
  const trimmed = body.trim();
  // Equivalent mutant: without this check a blank body is no JSON, no HTML, and an empty text,
  // which gives undefined below all the same.
  if (!trimmed) return undefined;
  let explanation: string | undefined;
  try {
    explanation = explainJson(JSON.parse(trimmed) as unknown, 0);
  } catch {
    explanation = looksLikeHtml(trimmed) ? htmlTitle(trimmed) : trimmed;
  }
  if (!explanation) return undefined;
  // In this order: one line first (of a bounded part), so shapes of secrets are seen across line
  // breaks and control characters; then redaction; then the cut, which can no longer split one.
  return shortened(redactSecrets(oneLine(redactable(explanation)), secrets));
}

const MAX_LENGTH = 300;
/**
 * How much of an explanation is redacted, then cut to MAX_LENGTH. Redaction must come before the
 * cut (a token cut in two is a piece no shape recognises), but a body may hold megabytes of text
 * of which 300 characters are shown: this bound keeps the work small while leaving room for any
 * secret that starts inside the shown part (a token is about 1 KB) to be seen whole.
 */
const REDACTED_LENGTH = 64 * 1024;
const MAX_DEPTH = 4;
const MAX_LIST_ITEMS = 5;
const MESSAGE_KEYS = [
  'detail',
  'message',
  'error_description',
  'error',
  'msg',
  'title',
  'reason',
  'description',
] as const;

function explainJson(value: unknown, depth: number): string | undefined {
  // Equivalent mutants: `value === undefined`, and the number/boolean check below, made false:
  // such values (JSON holds no other kinds) are declined by the object check further down.
  if (depth > MAX_DEPTH || value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value || undefined;
  // Stryker disable next-line LogicalOperator,StringLiteral: declined by the object check below all the same
  if (typeof value === 'number' || typeof value === 'boolean') return undefined;
  if (Array.isArray(value)) return joinParts(value.map((item) => explainJson(item, depth + 1)));
  // Equivalent mutant: this made false; what is left here is always an object (see above).
  if (typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;

  const fieldError = explainFieldError(record);
  if (fieldError) return fieldError;

  const headline = firstExplained(record, depth);
  const fieldErrors = explainFieldMap(record['errors'], depth);
  return joinParts([headline, fieldErrors], ': ');
}

/** `{loc: ["body", "label"], msg}` (FastAPI) or `{field, message}`: "label: <message>". */
function explainFieldError(record: Record<string, unknown>): string | undefined {
  const message = record['msg'] ?? record['message'];
  if (typeof message !== 'string') return undefined;
  const loc = record['loc'];
  if (Array.isArray(loc)) {
    const field = loc.filter((part) => part !== 'body' && part !== 'query').join('.');
    return field ? `${field}: ${message}` : message;
  }
  const field = record['field'] ?? record['param'] ?? record['path'];
  return typeof field === 'string' && field ? `${field}: ${message}` : undefined;
}

function firstExplained(record: Record<string, unknown>, depth: number): string | undefined {
  for (const key of MESSAGE_KEYS) {
    const explained = explainJson(record[key], depth + 1);
    if (explained) return explained;
  }
  return undefined;
}

/** `errors` as a list, or as `{field: message | [messages]}` (Rails, Laravel). */
function explainFieldMap(errors: unknown, depth: number): string | undefined {
  if (Array.isArray(errors)) return explainJson(errors, depth + 1);
  if (!errors || typeof errors !== 'object') return undefined;
  return joinParts(
    Object.entries(errors as Record<string, unknown>).map(([field, messages]) => {
      const explained = explainJson(messages, depth + 1);
      return explained ? `${field}: ${explained}` : undefined;
    }),
  );
}

function joinParts(parts: (string | undefined)[], separator = '; '): string | undefined {
  const present = parts.filter((part): part is string => Boolean(part)).slice(0, MAX_LIST_ITEMS);
  // Equivalent mutants: `true` or `>= 0` give '' for nothing, which every caller, like undefined,
  // takes as no explanation.
  return present.length > 0 ? present.join(separator) : undefined;
}

function looksLikeHtml(text: string): boolean {
  return /^<(!doctype|html|head|body)\b/i.test(text);
}

function htmlTitle(html: string): string | undefined {
  // Equivalent mutant: `?.[1].trim`; the group always takes part in a match.
  return /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() || undefined;
}

function redactable(text: string): string {
  // Equivalent mutants, left to survive: `true` and `>=` (slicing a text that fits changes
  // nothing); `false`, `<=` and no slice only make the work grow: a secret that reaches into the
  // 300 characters shown is seen whole within the bound, and a quoted one cut by it runs to the
  // end of the text (see redact.ts).
  return text.length > REDACTED_LENGTH ? text.slice(0, REDACTED_LENGTH) : text;
}

function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

function shortened(line: string): string {
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH - 1)}…` : line;
}
