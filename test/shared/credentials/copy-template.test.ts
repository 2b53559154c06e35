import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  copyTemplateSchema,
  renderTemplate,
  TEMPLATE_MAX_LENGTH,
  TEMPLATE_PLACEHOLDERS,
  TemplateError,
  validateTemplate,
  type TemplateValues,
} from '../../../src/shared/credentials';
import { credentialText } from './arbitraries';

const values: TemplateValues = {
  ip: '203.0.113.7',
  port: '8080',
  username: 'alice',
  password: 's3cret',
  ipv4: '198.51.100.23',
  ipv6: '2001:db8::1',
};

describe('renderTemplate', () => {
  it('fills in every placeholder, as often as it appears', () => {
    expect(renderTemplate('{ip}|{port}|{username}|{password}|{ipv4}|{ipv6}|{ip}', values)).toBe(
      '203.0.113.7|8080|alice|s3cret|198.51.100.23|2001:db8::1|203.0.113.7',
    );
  });

  it('keeps the text around placeholders, newlines and Unicode included', () => {
    expect(renderTemplate('proxy = "{username}"\nπ: [{ipv6}]:{port} ✓', values)).toBe(
      'proxy = "alice"\nπ: [2001:db8::1]:8080 ✓',
    );
  });

  it('writes {{ and }} as literal braces', () => {
    expect(renderTemplate('{{ip}}', values)).toBe('{ip}');
    expect(renderTemplate('{{{ip}}}', values)).toBe('{203.0.113.7}');
    expect(renderTemplate('{{"host": "{ip}", "x": {{}}}}', values)).toBe(
      '{"host": "203.0.113.7", "x": {}}',
    );
  });

  it('inserts values verbatim, never reading braces inside them as placeholders', () => {
    const tricky = { ...values, password: '{username}}}{{' };
    expect(renderTemplate('{password}', tricky)).toBe('{username}}}{{');
  });

  it('gives back any text whose braces are doubled', () => {
    fc.assert(
      fc.property(credentialText.filter(Boolean), (text) => {
        const template = text.replaceAll('{', '{{').replaceAll('}', '}}');
        fc.pre(template.length <= TEMPLATE_MAX_LENGTH);
        expect(renderTemplate(template, values)).toBe(text);
      }),
      { numRuns: 10_000 },
    );
  });

  it('throws a TemplateError with the validation message for a template that does not validate', () => {
    expect(() => renderTemplate('{pass}', values)).toThrow(TemplateError);
    expect(() => renderTemplate('{pass}', values)).toThrow(
      'The template has an unknown placeholder {pass}.',
    );
  });
});

describe('validateTemplate', () => {
  it.each([
    '{ip}:{port}:{username}:{password}',
    'socks5h://{username}:{password}@[{ipv6}]:{port}',
    'just text',
    '{{}}',
  ])('accepts %j', (template) => {
    expect(validateTemplate(template)).toEqual({ ok: true });
  });

  it.each([
    ['{host}', 'The template has an unknown placeholder {host}.'],
    ['{IP}', 'The template has an unknown placeholder {IP}.'],
    ['{ ip }', 'The template has an unknown placeholder { ip }.'],
    ['{}', 'The template has an unknown placeholder {}.'],
    ['{ip', 'The template has a { at position 1 that is never closed.'],
    ['{"a": "{ip}"}', 'The template has a { at position 1 that does not start a placeholder.'],
    ['a}b', 'The template has a } at position 2 without an opening {.'],
    ['{{ip}', 'The template has a } at position 5 without an opening {.'],
    ['', 'The template is empty.'],
  ])('rejects %j, saying why', (template, reason) => {
    const validation = validateTemplate(template);
    expect(validation.ok).toBe(false);
    if (validation.ok) return;
    expect(validation.message).toContain(reason);
  });

  it('names every placeholder and the brace escapes in its messages', () => {
    const validation = validateTemplate('{nope}');
    if (validation.ok) throw new Error('expected a rejection');
    for (const name of TEMPLATE_PLACEHOLDERS) expect(validation.message).toContain(`{${name}}`);
    expect(validation.message).toContain('write {{ or }} for a literal brace');
  });

  it(`rejects templates longer than ${TEMPLATE_MAX_LENGTH} characters`, () => {
    expect(validateTemplate('x'.repeat(TEMPLATE_MAX_LENGTH)).ok).toBe(true);
    expect(validateTemplate('x'.repeat(TEMPLATE_MAX_LENGTH + 1))).toEqual({
      ok: false,
      message: `The template is longer than ${TEMPLATE_MAX_LENGTH} characters. Shorten it.`,
    });
  });

  it('agrees with rendering: whatever validates renders, whatever does not throws', () => {
    const templateText = fc.string({
      unit: fc.oneof(
        fc.constantFrom('{', '}', 'x', ':'),
        fc.constantFrom(...TEMPLATE_PLACEHOLDERS.map((name) => `{${name}}`)),
      ),
      maxLength: 12,
    });
    fc.assert(
      fc.property(templateText, (template) => {
        const render = () => renderTemplate(template, values);
        if (validateTemplate(template).ok) expect(render).not.toThrow();
        else expect(render).toThrow(TemplateError);
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('copyTemplateSchema', () => {
  it('passes valid templates and reports the validation message as the issue', () => {
    expect(copyTemplateSchema.parse('{ip}:{port}')).toBe('{ip}:{port}');
    const result = copyTemplateSchema.safeParse('{host}');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('unknown placeholder {host}');
  });
});
