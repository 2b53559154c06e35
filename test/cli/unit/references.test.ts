import { describe, expect, it } from 'vitest';
import { CliFailure } from '../../../src/cli/cli-failure';
import { EXIT } from '../../../src/cli/exit-codes';
import { planNamed } from '../../../src/cli/listing/plan-reference';
import { proxyNamed, proxyReferenceOf } from '../../../src/cli/listing/proxy-reference';
import { planView, proxyView } from '../../renderer/lib/view-fixtures';

const gateway = { ip: '203.0.113.9', port: 8000 };
const plans = [
  planView(1, 'Germany', [
    proxyView(11, { label: 'Shop DE' }),
    proxyView(12, { label: 'shop de' }),
    proxyView(13, { ...gateway, username: 'alice' }),
    proxyView(14, { ...gateway, username: 'bob' }),
  ]),
  planView(2, 'Germany', [
    proxyView(21, { label: '11' }),
    proxyView(23, { label: 'Mixed Case', username: 'Carol' }),
    proxyView(22, { ip: '2001:db8::7', port: 9000 }),
  ]),
  planView(3, 'France', [proxyView(31, { label: 'Twin' }), proxyView(32, { label: 'Twin' })]),
];

function failureOf(run: () => unknown): CliFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof CliFailure) return error;
    throw error;
  }
  throw new Error('It did not fail');
}

describe('a PROXY argument', () => {
  it('is an id only when it is digits alone', () => {
    expect(failureOf(() => proxyNamed(plans, ' 11')).message).toBe(
      'No proxy is named " 11". See: proxy-tray proxies',
    );
  });

  it('is a label in any case when no label matches exactly', () => {
    expect(proxyNamed(plans, 'mixed CASE').proxy.id).toBe(23);
  });

  it('is user@host:port with the host in any case and the user name exact', () => {
    const v6 = [
      planView(5, 'V6', [proxyView(51, { ip: '2001:db8::7', port: 9000, username: 'Dave' })]),
    ];
    expect(proxyNamed(v6, 'Dave@[2001:DB8::7]:9000').proxy.id).toBe(51);
    expect(failureOf(() => proxyNamed(v6, 'dave@[2001:db8::7]:9000')).exitCode).toBe(EXIT.failed);
  });

  it('is an id first, even where a label reads the same', () => {
    expect(proxyNamed(plans, '11').proxy.id).toBe(11);
    expect(proxyNamed(plans, '21').plan.id).toBe(2);
  });

  it('is a label, exactly before ignoring case', () => {
    expect(proxyNamed(plans, 'Shop DE').proxy.id).toBe(11);
    expect(proxyNamed(plans, 'shop de').proxy.id).toBe(12);
  });

  it('is host:port, [v6]:port or user@host:port, the host in any case', () => {
    expect(proxyNamed(plans, '[2001:DB8::7]:9000').proxy.id).toBe(22);
    expect(proxyNamed(plans, 'bob@203.0.113.9:8000').proxy.id).toBe(14);
    expect(proxyNamed(plans, `${proxyView(11).ip}:${proxyView(11).port}`).proxy.id).toBe(11);
  });

  it('that names several proxies is a usage error listing each, so nothing is changed by guess', () => {
    const twin = failureOf(() => proxyNamed(plans, 'Twin'));
    expect(twin.exitCode).toBe(EXIT.usage);
    expect(twin.message).toContain('2 proxies answer to "Twin"; name one by its id:');
    expect(twin.message).toContain('  31\tTwin');
    expect(twin.message).toContain('  32\tTwin');
    const shared = failureOf(() => proxyNamed(plans, '203.0.113.9:8000'));
    expect(shared.message).toBe(
      '2 proxies answer to "203.0.113.9:8000"; name one by its id:\n' +
        '  13\t\talice@203.0.113.9:8000\tGermany\n' +
        '  14\t\tbob@203.0.113.9:8000\tGermany',
    );
  });

  it('that names none is a failure pointing at the list', () => {
    const none = failureOf(() => proxyNamed(plans, 'Nowhere'));
    expect(none.exitCode).toBe(EXIT.failed);
    expect(none.message).toBe('No proxy is named "Nowhere". See: proxy-tray proxies');
  });

  it('lists 20 candidates whole, with nothing more to say', () => {
    const twenty = [
      planView(
        9,
        'Many',
        Array.from({ length: 20 }, (_, i) => proxyView(100 + i, { label: 'Same' })),
      ),
    ];
    expect(failureOf(() => proxyNamed(twenty, 'Same')).message).not.toContain('more');
  });

  it('lists at most 20 candidates and says how many more', () => {
    const many = [
      planView(
        9,
        'Many',
        Array.from({ length: 25 }, (_, i) => proxyView(100 + i, { label: 'Same' })),
      ),
    ];
    const message = failureOf(() => proxyNamed(many, 'Same')).message;
    expect(message).toContain('  … and 5 more');
    expect(message.split('\n').filter((line) => line.startsWith('  1'))).toHaveLength(20);
  });

  it('is offered to the shell as the label, else host:port', () => {
    expect(proxyReferenceOf(proxyView(5, { label: 'Shop' }))).toBe('Shop');
    expect(proxyReferenceOf(proxyView(5, { label: '', ip: '2001:db8::1', port: 80 }))).toBe(
      '[2001:db8::1]:80',
    );
  });

  it('is shown safely in the candidates: no control character reaches the terminal', () => {
    const evil = [
      planView(1, 'P', [
        proxyView(1, { label: 'x\u001b]0;owned\u0007' }),
        proxyView(2, { label: 'x\u001b]0;owned\u0007' }),
      ]),
    ];
    const message = failureOf(() => proxyNamed(evil, 'x\u001b]0;owned\u0007')).message;
    expect(message).not.toContain('\u001b');
    expect(message).toContain('x\uFFFD]0;owned\uFFFD');
  });
});

describe('a --plan argument', () => {
  it('is an id, else a name exactly, else a name in any case', () => {
    expect(planNamed(plans, '3').name).toBe('France');
    expect(planNamed(plans, 'france').id).toBe(3);
    const cased = [planView(42, 'Shop', []), planView(43, 'shop', []), planView(44, 'x42', [])];
    expect(planNamed(cased, '42').id).toBe(42);
    expect(planNamed(cased, 'shop').id).toBe(43);
    expect(planNamed(cased, 'Shop').id).toBe(42);
    expect(failureOf(() => planNamed(cased, 'SHOP')).exitCode).toBe(EXIT.usage);
    expect(failureOf(() => planNamed(cased, '4')).exitCode).toBe(EXIT.failed);
    expect(failureOf(() => planNamed(cased, ' 42')).exitCode).toBe(EXIT.failed);
  });

  it('that several plans share is a usage error listing their ids', () => {
    const failure = failureOf(() => planNamed(plans, 'Germany'));
    expect(failure.exitCode).toBe(EXIT.usage);
    expect(failure.message).toContain('2 plans are named "Germany"');
    expect(failure.message).toContain('  1\tGermany\n  2\tGermany');
  });

  it('that names no plan is a failure', () => {
    const failure = failureOf(() => planNamed(plans, '99'));
    expect(failure.exitCode).toBe(EXIT.failed);
    expect(failure.message).toBe('No plan is named "99". See: proxy-tray plans');
  });
});
