// Runs the reference service by hand, or for browser tests in another process:
//   node --import tsx tools/reference-service/cli.ts [--port N] [--plans N] [--proxies N] [--prefix /api]
//     [--seed N] [--dialect spec|loose]

import { parseArgs } from 'node:util';
import type { ApiDialect } from './dialect';
import { API_DIALECTS, isApiDialect } from './dialect';
import { createApiServer } from './server';

const USAGE =
  'Usage: node --import tsx tools/reference-service/cli.ts [--port N] [--plans N] [--proxies N] [--prefix /api] [--seed N] [--dialect spec|loose]';

function integerFlag(value: string | undefined, name: string, fallback: number, min: number) {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) {
    throw new Error(`--${name} must be an integer >= ${min}, got "${value}"`);
  }
  return parsed;
}

/** Undefined leaves the choice to createApiServer: $PROXY_TRAY_API_DIALECT, else spec. */
function dialectFlag(value: string | undefined): ApiDialect | undefined {
  if (value === undefined || isApiDialect(value)) return value;
  throw new Error(`--dialect must be one of ${API_DIALECTS.join(', ')}, got "${value}"`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      plans: { type: 'string' },
      proxies: { type: 'string' },
      prefix: { type: 'string' },
      seed: { type: 'string' },
      dialect: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = integerFlag(values.port, 'port', 8787, 0);
  if (port > 65535) throw new Error('--port must be at most 65535');

  const server = await createApiServer({
    port,
    prefix: values.prefix,
    seed: integerFlag(values.seed, 'seed', 1, 0),
    control: true,
    dialect: dialectFlag(values.dialect),
    accounts: [
      {
        username: 'demo',
        plans: integerFlag(values.plans, 'plans', 6, 0),
        proxiesPerPlan: integerFlag(values.proxies, 'proxies', 8, 0),
      },
      { username: 'other', plans: 2, proxiesPerPlan: 3 },
    ],
  });

  const token = server.tokenFor('demo');
  console.log(`Proxy service reference API on ${server.baseUrl} (${server.dialect} dialect)`);
  console.log(
    `Control API on ${server.url}/__control/, with the header X-Control-Key: CONTROL_KEY`,
  );
  console.log('');
  console.log(`BASE_URL=${server.baseUrl}`);
  console.log(`DIALECT=${server.dialect}`);
  console.log(`TOKEN=${token}`);
  // This run's key of the control API: printed for whoever started the server, nowhere else.
  console.log(`CONTROL_KEY=${server.controlKey}`);
  console.log('');
  console.log(`curl -H "Authorization: Bearer ${token}" ${server.baseUrl}users/me`);
  console.log('');
  console.log('Ctrl+C to stop.');

  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(1);
});
