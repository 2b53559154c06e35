import { expect, it } from 'vitest';
import { restartListener } from '../../../src/main/local-ports/restart-listener';

/** A restart whose steps are written down in order; `start` fails with `failure` if given. */
function recorded(sameNumber: boolean, failure?: Error) {
  const steps: string[] = [];
  const restart = {
    sameNumber,
    start: async () => {
      steps.push('start');
      if (failure) throw failure;
      return 'started';
    },
    stop: async () => void steps.push('stop'),
    lost: () => void steps.push('lost'),
  };
  return { steps, restart };
}

it('takes a new number before letting the old one go, and keeps the old one when that fails', async () => {
  const moved = recorded(false);
  expect(await restartListener(moved.restart)).toBe('started');
  expect(moved.steps).toEqual(['start', 'stop']);

  const refused = recorded(false, new Error('taken'));
  await expect(restartListener(refused.restart)).rejects.toThrow('taken');
  expect(refused.steps).toEqual(['start']);
});

it('lets the same number go first, and says the port is lost when it cannot be taken again', async () => {
  const same = recorded(true);
  expect(await restartListener(same.restart)).toBe('started');
  expect(same.steps).toEqual(['stop', 'start']);

  const lost = recorded(true, new Error('taken meanwhile'));
  await expect(restartListener(lost.restart)).rejects.toThrow('taken meanwhile');
  expect(lost.steps).toEqual(['stop', 'start', 'lost']);
});
