const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

function sameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** When the shown data was loaded: the time alone today, with the day otherwise. */
export function formatMoment(iso: string, now: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return sameDay(date, new Date(now)) ? timeOfDay.format(date) : dayAndTime.format(date);
}
