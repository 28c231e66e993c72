// Helpers the runtime can put in a template's context. `now` is a mapping of template functions,
// so `{{ now.date() }}` and `{{ now.iso() | days_before(3) }}` work and nothing else about the
// Date object is reachable; `{{ now }}` prints the same as now.iso().

import { templateDateStandIn, templateFunction } from './values';

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, '0');
}

/** The local calendar date of `at`, as YYYY-MM-DD. */
export function localDate(at: Date): string {
  return `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** `at` in local time with its UTC offset, e.g. 2025-03-10T09:30:00+08:00. */
export function localIso(at: Date): string {
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  return `${localDate(at)}T${time}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

export interface NowHelper {
  /** Today's local date, YYYY-MM-DD. */
  date: () => string;
  /** The local date and time with its offset (ISO 8601). */
  iso: () => string;
}

/** The `now` of a template context, fixed at `at` (pass the run's clock so dry runs and tests are stable). */
export function nowHelper(at: Date): NowHelper {
  const fixed = new Date(at.getTime());
  const iso = () => localIso(fixed);
  // `{{ now }}` alone prints the date and time, as a template writer expects, not the mapping.
  return templateDateStandIn({ date: templateFunction(() => localDate(fixed)), iso: templateFunction(iso) }, iso);
}
