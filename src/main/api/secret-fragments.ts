/**
 * The shortest piece of a secret that counts as the secret. A service may echo only a part of a
 * token (a JWT's signature segment, say, or a token cut off by its own length limit): any 12
 * characters in a row of a ~1 KB random token are as good as unguessable to anyone else, so
 * they must go too. Shorter pieces are left: masking every 3-character coincidence with a token
 * would eat ordinary words.
 */
export const MIN_FRAGMENT_LENGTH = 12;

/** A stretch of text, `start` inclusive, `end` exclusive. */
export interface TextSpan {
  start: number;
  end: number;
}

/**
 * Where `text` holds a secret or any piece of one of at least MIN_FRAGMENT_LENGTH characters,
 * as sorted, non-overlapping spans. A secret shorter than that is found only whole.
 *
 * Linear in the text and the secrets, not their product: every 12-character window of every
 * secret goes into a Set (about 1,000 entries for a 1 KB token), then each of the text's
 * 12-character windows is looked up once. Any common piece of 12 or more characters is a run
 * of consecutive windows that are all in the Set, so joining overlapping hits gives each echoed
 * piece whole, however long. (A run may also be stitched from two different places of a secret;
 * masking it too is the safe mistake.) The text's windows are compared by a rolling hash first,
 * so a window is cut out as a string only when its hash is a secret window's: a megabyte of log
 * text costs tens of milliseconds, not a million short strings.
 */
export function secretFragmentSpans(text: string, secrets: Iterable<string>): TextSpan[] {
  const windows = new Set<string>();
  const spans: TextSpan[] = [];
  for (const secret of secrets) {
    if (secret.length >= MIN_FRAGMENT_LENGTH) {
      // Stryker disable next-line ArithmeticOperator: equivalent, running past the end adds only windows shorter than 12, which never equal a text window
      for (let at = 0; at + MIN_FRAGMENT_LENGTH <= secret.length; at += 1) {
        windows.add(secret.slice(at, at + MIN_FRAGMENT_LENGTH));
      }
    } else if (secret) {
      addOccurrences(spans, secret, text);
    }
  }
  // Added in place, not spread: a long text full of echoes would overflow the argument list.
  // Skipping the text when there is no window is a shortcut only: `true` and `>= 0` are equivalent.
  if (windows.size > 0) addWindowHits(spans, text, windows);
  return joinedSpans(spans);
}

const BASE = 0x01000193;
/** BASE to the power MIN_FRAGMENT_LENGTH - 1: the weight of a window's first character. */
const HIGHEST_POWER = Array.from({ length: MIN_FRAGMENT_LENGTH - 1 }).reduce<number>(
  (power) => Math.imul(power, BASE),
  1,
);

/** Each window of `text` that is one of `windows` (all MIN_FRAGMENT_LENGTH long), in order. */
function addWindowHits(hits: TextSpan[], text: string, windows: ReadonlySet<string>): void {
  const hashes = new Set<number>();
  for (const window of windows) hashes.add(rollingHash(window, 0));
  // A shortcut only (its `false` mutant is equivalent): a shorter text's one slice is shorter
  // than every window, so it never matches.
  if (text.length < MIN_FRAGMENT_LENGTH) return;
  let hash = rollingHash(text, 0);
  let run: TextSpan | undefined;
  for (let at = 0; ; at += 1) {
    const end = at + MIN_FRAGMENT_LENGTH;
    if (hashes.has(hash) && windows.has(text.slice(at, end))) {
      // Consecutive hits are one echo: extend it rather than keep a span per window. (A span per
      // window would be joined below all the same: `false` and `<` here are equivalent.)
      if (run && at <= run.end) run.end = end;
      else hits.push((run = { start: at, end }));
    }
    // `>` would look once more at a window cut short by the end, which never matches: equivalent.
    if (end >= text.length) return;
    // Drop the character leaving the window, add the one entering it (arithmetic mod 2^32).
    hash =
      (Math.imul(hash - Math.imul(text.charCodeAt(at), HIGHEST_POWER), BASE) +
        text.charCodeAt(end)) |
      0;
  }
}

/** The hash of the MIN_FRAGMENT_LENGTH characters of `text` from `start`. */
function rollingHash(text: string, start: number): number {
  let hash = 0;
  for (let at = start; at < start + MIN_FRAGMENT_LENGTH; at += 1) {
    hash = (Math.imul(hash, BASE) + text.charCodeAt(at)) | 0;
  }
  return hash;
}

function addOccurrences(found: TextSpan[], needle: string, text: string): void {
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    found.push({ start: at, end: at + needle.length });
  }
}

/** Sorted by start, with spans that overlap or touch joined into one. */
function joinedSpans(spans: TextSpan[]): TextSpan[] {
  const joined: TextSpan[] = [];
  for (const span of spans.sort((a, b) => a.start - b.start)) {
    const last = joined.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined;
}
