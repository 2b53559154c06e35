import { MAX_ROTATE_INTERVAL_SECONDS } from '../../shared/api/limits';
import { usageFailure } from '../cli-failure';

const UNIT_SECONDS: Readonly<Record<string, number>> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * A rotation interval as a script writes it: `600` (seconds), `90s`, `5m`, `2h`, `1d`. Whole
 * numbers only, from 1 second to the service's maximum: anything else is a usage error that says
 * what is accepted, never a guess.
 */
export function parseDuration(text: string): number {
  const match = /^(\d{1,9})([smhd]?)$/i.exec(text.trim());
  // Stryker disable next-line OptionalChaining,StringLiteral: the unit group always takes part in a match ("" when none is typed); with no match the text is refused whatever unit is looked up
  const unit = UNIT_SECONDS[match?.[2]?.toLowerCase() ?? ''];
  // Stryker disable next-line ConditionalExpression: every unit the pattern matches is in UNIT_SECONDS; the second test only narrows the type
  if (!match || unit === undefined) {
    throw usageFailure(
      `"${text}" is not a duration: write seconds (600) or a number with s, m, h or d (90s, 5m, 2h).`,
    );
  }
  const seconds = Number(match[1]) * unit;
  if (seconds < 1 || seconds > MAX_ROTATE_INTERVAL_SECONDS) {
    throw usageFailure(
      `The rotation interval must be from 1 second to ${MAX_ROTATE_INTERVAL_SECONDS / 86_400} days; "${text}" is not.`,
    );
  }
  return seconds;
}
