// Each formatter is built once, on first use: toLocaleString with options builds a new one on every
// call, which long lists (orders, messages, notifications) paid for on every render.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** Dates for people, in their locale. */
export function formatDate(ms: number | null | undefined): string {
  return ms ? (dateFormat ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' })).format(ms) : '—';
}
export function formatDateTime(ms: number | null | undefined): string {
  return ms ? (dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })).format(ms) : '—';
}
export function formatRelative(ms: number, now = Date.now()): string {
  const diff = Math.round((ms - now) / 1000);
  const rtf = (relativeFormat ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));
  const abs = Math.abs(diff);
  if (abs < 60) return rtf.format(diff, 'second');
  if (abs < 3600) return rtf.format(Math.round(diff / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(diff / 3600), 'hour');
  return rtf.format(Math.round(diff / 86400), 'day');
}
