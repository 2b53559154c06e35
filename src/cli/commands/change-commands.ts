import { parseDuration } from '../args/duration';
import { positionalsOf } from '../args/parse-command-line';
import { usageFailure } from '../cli-failure';
import { changeEach } from './change-each';
import type { Command } from './command-context';
import { durationText } from '../output/proxy-table';

/** `rotation on|off PROXY...` */
export const rotationCommand: Command = async (context) => {
  const [state, ...proxies] = positionalsOf(context.line);
  if (state !== 'on' && state !== 'off') {
    throw usageFailure(`rotation takes on or off first; "${state ?? ''}" is neither.`);
  }
  const isRotating = state === 'on';
  return changeEach(context, proxies, `Rotation ${state}`, (proxyId) =>
    context.app.call('proxy:set-rotation', { proxyId, isRotating }),
  );
};

/** `interval DURATION PROXY...` */
export const intervalCommand: Command = async (context) => {
  const [duration = '', ...proxies] = positionalsOf(context.line);
  const seconds = parseDuration(duration);
  return changeEach(context, proxies, `Rotates every ${durationText(seconds)}`, (proxyId) =>
    context.app.call('proxy:set-interval', { proxyId, seconds }),
  );
};

/** `label PROXY TEXT` (`''` removes the label). */
export const labelCommand: Command = async (context) => {
  const [proxy = '', label = ''] = positionalsOf(context.line);
  return changeEach(context, [proxy], label ? `Labelled "${label}"` : 'Label removed', (proxyId) =>
    context.app.call('proxy:set-label', { proxyId, label }),
  );
};
