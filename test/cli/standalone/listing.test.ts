import { describe, expect, it } from 'vitest';
import { PROXY_FIELDS, type Plan, type Proxy } from '../../../tools/reference-service/records';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { EXIT } from '../../../src/cli/exit-codes';
import { parseJson, usableProxies, useSignedInCli, wholePlan } from '../support/signed-in-cli';

const service = useApiServer();
const cli = useSignedInCli(service);

const credentialLine = (proxy: Proxy) =>
  `${proxy.ip}:${proxy.port}:${proxy.username}:${proxy.password}`;
const linesOf = (stdout: string) => stdout.split('\n').filter((line) => line !== '');

/** A plan every dialect lists whole, whose name is its own: `--plan NAME` finds it alone. */
function namedPlan(): Plan {
  const plans = service().store.account('demo')?.plans ?? [];
  return wholePlan(
    service(),
    (candidate) => plans.filter((other) => other.name === candidate.name).length === 1,
  );
}

/** `proxy-tray proxies --plan ID MORE`. */
const proxiesOf = (plan: Plan, ...more: string[]) =>
  cli().run(['proxies', '--plan', String(plan.id), ...more]);

function someProxy(): Proxy {
  const [proxy] = namedPlan().proxies;
  if (!proxy) throw new Error('unreachable');
  return proxy;
}

/** The fields the README documents for `proxies --json` and `get --json` (the export JSON's). */
const PROXY_JSON_FIELDS = ['plan_id', 'plan_name', 'label', ...PROXY_FIELDS];

describe('proxy-tray on its own lists what the service holds', () => {
  it('plans: one record a line in a pipe, and --json with the plan fields', async () => {
    const plans = service().store.account('demo')?.plans ?? [];
    const pipe = await cli().run(['plans']);
    expect(pipe.code).toBe(EXIT.done);
    expect(linesOf(pipe.stdout).map((line) => line.split('\t')[0])).toEqual(
      plans.map((plan) => String(plan.id)),
    );

    const json = await cli().run(['plans', '--json']);
    expect(json.code).toBe(EXIT.done);
    const listed = parseJson<Record<string, unknown>[]>(json);
    expect(listed.map((plan) => [plan['id'], plan['name'], plan['is_blocked']])).toEqual(
      plans.map((plan) => [plan.id, plan.name, plan.is_blocked]),
    );
    for (const plan of listed) {
      expect(Object.keys(plan)).toEqual(
        expect.arrayContaining(['id', 'name', 'expire_date', 'is_blocked', 'proxy_count']),
      );
    }
  });

  it('proxies --plan by id and by name: ip:port:user:pass lines in a pipe', async () => {
    const plan = namedPlan();
    const expected = plan.proxies.map(credentialLine);
    const byId = await proxiesOf(plan);
    expect(byId.code).toBe(EXIT.done);
    expect(linesOf(byId.stdout)).toEqual(expected);
    const byName = await cli().run(['proxies', '--plan', plan.name]);
    expect(byName.code).toBe(EXIT.done);
    expect(linesOf(byName.stdout)).toEqual(expected);
  });

  it('proxies --json: every proxy with the documented field names, passwords included', async () => {
    const run = await cli().run(['proxies', '--json']);
    expect(run.code).toBe(EXIT.done);
    const listed = parseJson<Record<string, unknown>[]>(run);
    for (const { plan, proxy } of usableProxies(service())) {
      const record = listed.find((entry) => entry['id'] === proxy.id);
      expect(record, `proxy ${proxy.id}`).toBeDefined();
      expect(Object.keys(record ?? {})).toEqual(PROXY_JSON_FIELDS);
      expect(record).toMatchObject({
        plan_id: plan.id,
        plan_name: plan.name,
        username: proxy.username,
        password: proxy.password,
        ip: proxy.ip,
        port: proxy.port,
        is_rotating: proxy.is_rotating,
        rotate_interval: proxy.rotate_interval,
      });
    }
  });

  it('proxies --search with words (an exit IP) and with is:rotating', async () => {
    const proxy = someProxy();
    const byExit = await cli().run(['proxies', '--search', proxy.assigned_proxy_ipv4]);
    expect(byExit.code).toBe(EXIT.done);
    expect(linesOf(byExit.stdout)).toEqual([credentialLine(proxy)]);

    const plan = namedPlan();
    const rotating = await proxiesOf(plan, '--search', 'is:rotating');
    expect(rotating.code).toBe(EXIT.done);
    expect(linesOf(rotating.stdout)).toEqual(
      plan.proxies.filter((candidate) => candidate.is_rotating).map(credentialLine),
    );
    const staticOnes = await proxiesOf(plan, '--search', 'is:static');
    expect(linesOf(staticOnes.stdout)).toEqual(
      plan.proxies.filter((candidate) => !candidate.is_rotating).map(credentialLine),
    );
  });

  it('proxies --format: a template, a copy format by id, and --host ipv4', async () => {
    const plan = namedPlan();
    const template = await proxiesOf(plan, '--format', '{ip}:{port}');
    expect(template.code).toBe(EXIT.done);
    expect(linesOf(template.stdout)).toEqual(
      plan.proxies.map((proxy) => `${proxy.ip}:${proxy.port}`),
    );

    const userPassAt = await proxiesOf(plan, '--format', 'user-pass-at-ip-port');
    expect(linesOf(userPassAt.stdout)).toEqual(
      plan.proxies.map((proxy) => `${proxy.username}:${proxy.password}@${proxy.ip}:${proxy.port}`),
    );

    const ipv4 = await proxiesOf(plan, '--host', 'ipv4');
    expect(ipv4.code).toBe(EXIT.done);
    expect(linesOf(ipv4.stdout)).toEqual(
      plan.proxies.map(
        (proxy) => `${proxy.assigned_proxy_ipv4}:${proxy.port}:${proxy.username}:${proxy.password}`,
      ),
    );
  });

  it('get names a proxy by id, by host:port and by user@host:port', async () => {
    const proxy = someProxy();
    for (const name of [
      String(proxy.id),
      `${proxy.ip}:${proxy.port}`,
      `${proxy.username}@${proxy.ip}:${proxy.port}`,
    ]) {
      const run = await cli().run(['get', name]);
      expect(run.code, name).toBe(EXIT.done);
      expect(run.stdout).toBe(`${credentialLine(proxy)}\n`);
    }
  });

  it('get --field prints each field alone, and get --json the documented record', async () => {
    const proxy = someProxy();
    const field = async (name: string) =>
      (await cli().run(['get', String(proxy.id), '--field', name])).stdout;
    expect(await field('host')).toBe(`${proxy.ip}\n`);
    expect(await field('port')).toBe(`${proxy.port}\n`);
    expect(await field('username')).toBe(`${proxy.username}\n`);
    expect(await field('password')).toBe(`${proxy.password}\n`);

    const json = parseJson<Record<string, unknown>>(
      await cli().run(['get', String(proxy.id), '--json']),
    );
    expect(Object.keys(json)).toEqual(PROXY_JSON_FIELDS);
    expect(json).toMatchObject({ id: proxy.id, password: proxy.password, port: proxy.port });
  });

  it('a label names a proxy, and get --field label prints it', async () => {
    const [, proxy] = namedPlan().proxies;
    if (!proxy) throw new Error('unreachable');
    const label = `scraper ${proxy.id}`;
    expect((await cli().run(['label', String(proxy.id), label])).code).toBe(EXIT.done);
    const byLabel = await cli().run(['get', label, '--field', 'label']);
    expect(byLabel.code).toBe(EXIT.done);
    expect(byLabel.stdout).toBe(`${label}\n`);
    expect((await cli().run(['get', label])).stdout).toBe(`${credentialLine(proxy)}\n`);
  });
});
