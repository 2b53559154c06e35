import { stripBidiControls } from '../../shared/text/bidi-controls';

/**
 * Text from the service (a plan's name, a label) as it may be shown on a terminal: control
 * characters are commands to the terminal (an escape sequence in a label could retitle the window,
 * move the cursor or hide the lines above), so each becomes a visible "�"; bidi controls, which
 * would reorder the columns, are dropped. Only for what a person reads: values a program reads
 * (credentials, JSON) stay exact.
 */
export function terminalText(text: string): string {
  // C0 controls, DEL and the C1 controls (ESC's 8-bit form among them).
  // eslint-disable-next-line no-control-regex
  return stripBidiControls(text).replace(/[\u0000-\u001F\u007F-\u009F]/g, '\uFFFD');
}

/**
 * A message for stderr, which a person reads: like terminalText, but its own line breaks and
 * tabs (a list of candidates) stay. Service words (a refusal quoting the provider) pass through here.
 */
export function terminalMessage(text: string): string {
  return text
    .split('\n')
    .map((line) => line.split('\t').map(terminalText).join('\t'))
    .join('\n');
}
