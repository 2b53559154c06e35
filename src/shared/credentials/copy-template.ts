/**
 * Custom copy templates: text with `{placeholder}`s, `{{` and `}}` for literal braces (the
 * convention of Python's str.format and .NET's String.Format, which many users already know).
 */

export const TEMPLATE_PLACEHOLDERS = [
  'ip',
  'port',
  'username',
  'password',
  'ipv4',
  'ipv6',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type TemplateValues = Readonly<Record<TemplatePlaceholder, string>>;

export const TEMPLATE_MAX_LENGTH = 1000;

export type TemplatePart =
  { readonly text: string } | { readonly placeholder: TemplatePlaceholder };

export type TemplateValidation = { ok: true } | { ok: false; message: string };

/** Thrown when text is rendered with a template that does not validate. */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
}

const PLACEHOLDER_LIST = TEMPLATE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');
const HOW_TO_WRITE = `Use ${PLACEHOLDER_LIST}, and write {{ or }} for a literal brace.`;

function isPlaceholder(name: string): name is TemplatePlaceholder {
  return (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);
}

/** Splits a template into literal text and placeholders, or says what is wrong with it. */
export function parseTemplate(
  template: string,
): { ok: true; parts: TemplatePart[] } | { ok: false; message: string } {
  if (template.length === 0) {
    return { ok: false, message: `The template is empty. ${HOW_TO_WRITE}` };
  }
  if (template.length > TEMPLATE_MAX_LENGTH) {
    return {
      ok: false,
      message: `The template is longer than ${TEMPLATE_MAX_LENGTH} characters. Shorten it.`,
    };
  }
  const parts: TemplatePart[] = [];
  let literal = '';
  let index = 0;
  while (index < template.length) {
    const character = template.charAt(index);
    const next = template.charAt(index + 1);
    if (character === '{' && next === '{') {
      literal += '{';
      index += 2;
    } else if (character === '}' && next === '}') {
      literal += '}';
      index += 2;
    } else if (character === '}') {
      return {
        ok: false,
        message: `The template has a } at position ${index + 1} without an opening {. ${HOW_TO_WRITE}`,
      };
    } else if (character === '{') {
      const close = template.indexOf('}', index + 1);
      if (close === -1) {
        return {
          ok: false,
          message: `The template has a { at position ${index + 1} that is never closed. ${HOW_TO_WRITE}`,
        };
      }
      const name = template.slice(index + 1, close);
      if (name.includes('{')) {
        // Most likely a brace meant literally, such as JSON's: say so rather than "unknown {...}".
        return {
          ok: false,
          message: `The template has a { at position ${index + 1} that does not start a placeholder. ${HOW_TO_WRITE}`,
        };
      }
      if (!isPlaceholder(name)) {
        return {
          ok: false,
          message: `The template has an unknown placeholder {${name}}. ${HOW_TO_WRITE}`,
        };
      }
      if (literal) parts.push({ text: literal });
      literal = '';
      parts.push({ placeholder: name });
      index = close + 1;
    } else {
      literal += character;
      index += 1;
    }
  }
  if (literal) parts.push({ text: literal });
  return { ok: true, parts };
}

export function validateTemplate(template: string): TemplateValidation {
  const parsed = parseTemplate(template);
  return parsed.ok ? { ok: true } : { ok: false, message: parsed.message };
}

const HOST_PLACEHOLDERS: readonly TemplatePlaceholder[] = ['ip', 'ipv4', 'ipv6'];

/**
 * Whether the part at `index` is a host written as `{host}:{port}`: an IPv6 address there must be
 * bracketed, as every built-in format does, or its colons run into the port's.
 */
function isHostBeforePort(parts: readonly TemplatePart[], index: number): boolean {
  const [host, colon, port] = parts.slice(index, index + 3);
  return (
    host !== undefined &&
    'placeholder' in host &&
    HOST_PLACEHOLDERS.includes(host.placeholder) &&
    colon !== undefined &&
    'text' in colon &&
    colon.text === ':' &&
    port !== undefined &&
    'placeholder' in port &&
    port.placeholder === 'port'
  );
}

export function renderTemplate(template: string, values: TemplateValues): string {
  const parsed = parseTemplate(template);
  if (!parsed.ok) throw new TemplateError(parsed.message);
  return parsed.parts
    .map((part, index) => {
      if ('text' in part) return part.text;
      const value = values[part.placeholder];
      return value.includes(':') && isHostBeforePort(parsed.parts, index) ? `[${value}]` : value;
    })
    .join('');
}
