import { expect } from 'vitest';
import { CliFailure } from '../../../src/cli/cli-failure';
import type { ExitCode } from '../../../src/cli/exit-codes';

/** The CliFailure `run` throws, checked to end the command with `exitCode`; its message. */
export function failureMessageOf(run: () => unknown, exitCode: ExitCode): string {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(CliFailure);
  expect((thrown as CliFailure).exitCode).toBe(exitCode);
  return (thrown as CliFailure).message;
}
