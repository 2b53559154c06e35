const calendarDate = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/**
 * A day as the popup and the notifications write it ("Jan 19, 2027" in English): one form
 * wherever a plan's expiry is shown. Text that is not a date is shown as it came.
 */
export function formatCalendarDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : calendarDate.format(date);
}
