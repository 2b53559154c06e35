import { redactSecrets } from '../../src/main/api/redact';
import { medianMs, report } from './measure';

/**
 * Redacting a hostile text (an error body or a log line a server controls), in the shapes that
 * cost the square of the text when a pattern starts again at every character of a run. The
 * same shapes at 64 KB and at 1 MB: linear redaction takes 16 times as long for 16 times the
 * text; a quadratic pattern took seconds at 64 KB and did not end at 1 MB.
 * Goal: redact_hostile_1mb_vs_64k_ratio <= 32 for the shape that grows most (linear is 16,
 * square 256).
 */
export function benchRedaction(): void {
  const shapes: [string, string][] = [
    ['x', ' @'],
    ['a:(', ' @'],
    ['a-', ''],
    ['eyJ', ''],
    ['eyJ.', ''],
    ['a.', ''],
    ['1', ''],
    ['a://', ''],
    ['password="', ''],
  ];
  const timeOf = (bytes: number, [unit, tail]: [string, string]) => {
    const text = unit.repeat(Math.floor(bytes / unit.length)) + tail;
    return medianMs(() => redactSecrets(text, []), 7, 2);
  };
  const megabyteMs = shapes.map((shape) => timeOf(1 << 20, shape));
  const growth = shapes.map((shape, at) => (megabyteMs[at] ?? NaN) / timeOf(1 << 16, shape));
  report('redact_hostile_1mb_worst_ms', Math.max(...megabyteMs));
  report('redact_hostile_1mb_vs_64k_ratio', Math.max(...growth));
}
