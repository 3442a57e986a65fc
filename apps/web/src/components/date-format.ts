// Made on first use: building a formatter loads the locale's data, which cost a noticeable
// moment while a page's code was starting.
let dateFmt: Intl.DateTimeFormat | null = null;
let dateTimeFmt: Intl.DateTimeFormat | null = null;

function dateFormat(): Intl.DateTimeFormat {
  dateFmt ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  return dateFmt;
}

function dateTimeFormat(): Intl.DateTimeFormat {
  dateTimeFmt ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return dateTimeFmt;
}

/** Short date ("Mar 4, 2026"); a dash for a missing date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFormat().format(d);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFormat().format(d);
}
