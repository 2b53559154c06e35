// Which way the service writes its answers: exactly as the spec says, or the loose way real
// providers do (loose-dialect.ts). Both serve the same store; only the wire form differs.

export const API_DIALECTS = ['spec', 'loose'] as const;

export type ApiDialect = (typeof API_DIALECTS)[number];

/** Lets a whole test run switch dialect without touching the tests: `PROXY_TRAY_API_DIALECT=loose`. */
export const DIALECT_ENV_VARIABLE = 'PROXY_TRAY_API_DIALECT';

export function isApiDialect(value: unknown): value is ApiDialect {
  return API_DIALECTS.some((dialect) => dialect === value);
}

/**
 * The dialect asked for, else the one named in the environment, else 'spec'. A misspelt value in
 * the environment is an error rather than a silent 'spec': a run meant to test the loose dialect
 * must not pass by testing the other one.
 */
export function resolveDialect(
  requested: ApiDialect | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ApiDialect {
  if (requested !== undefined) {
    if (!isApiDialect(requested)) throw new Error(dialectError(`dialect ${String(requested)}`));
    return requested;
  }
  const fromEnv = env[DIALECT_ENV_VARIABLE];
  if (fromEnv === undefined || fromEnv === '') return 'spec';
  if (!isApiDialect(fromEnv)) throw new Error(dialectError(`${DIALECT_ENV_VARIABLE}=${fromEnv}`));
  return fromEnv;
}

function dialectError(given: string): string {
  return `Unknown API dialect (${given}): expected one of ${API_DIALECTS.join(', ')}`;
}
