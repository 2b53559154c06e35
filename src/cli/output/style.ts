import { usesColour, type CliIo } from '../cli-io';

export interface Style {
  bold(text: string): string;
  red(text: string): string;
}

const PLAIN: Style = { bold: (text) => text, red: (text) => text };
const ANSI: Style = {
  bold: (text) => `\u001B[1m${text}\u001B[22m`,
  red: (text) => `\u001B[31m${text}\u001B[39m`,
};

/** Bold headers and red errors for a person on a colour terminal; plain text for everyone else. */
export function styleOf(io: CliIo, stream: 'stdout' | 'stderr'): Style {
  return usesColour(io, stream) ? ANSI : PLAIN;
}
