import { describe, expect, it } from 'vitest';
import { CliFailure, failureOfAnswer, usageFailure } from '../../../src/cli/cli-failure';
import { EXIT } from '../../../src/cli/exit-codes';

describe("a command's failure", () => {
  it("carries the app's words, its exit code, its kind and whether it was kept here", () => {
    const refused = failureOfAnswer({ kind: 'forbidden', message: 'The plan is blocked.' });
    expect(refused).toBeInstanceOf(CliFailure);
    expect(refused).toMatchObject({
      name: 'CliFailure',
      message: 'The plan is blocked.',
      exitCode: EXIT.failed,
      kind: 'forbidden',
      keptLocally: false,
    });
    const kept = failureOfAnswer({ kind: 'forbidden', message: 'Kept here.', keptLocally: true });
    expect(kept.keptLocally).toBe(true);
    expect(failureOfAnswer({ kind: 'auth', message: 'Expired.' }).exitCode).toBe(EXIT.signIn);
  });

  it('of usage ends with exit 2', () => {
    expect(usageFailure('Bad.')).toMatchObject({
      message: 'Bad.',
      exitCode: EXIT.usage,
      keptLocally: false,
    });
  });
});
