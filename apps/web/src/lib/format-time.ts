import { durationParts, relativeAge, type Moment } from '@netpulse/shared';
import { defineMessages } from '@netpulse/i18n';
import { intl, type PageFormatter } from '@/lib/i18n/active-locale';

/**
 * Relative times and waits in the page's language (issue 28), written through the catalogs so
 * every language declines its own forms (Russian's and Arabic's plurals) and the pseudo-locale
 * marks them too. The absolute times (`YYYY-MM-DD HH:mm`) never change with the language:
 * they stay with the clock helpers of packages/shared (decision 031).
 */
const messages = defineMessages({
  justNow: { id: 'time.justNow', defaultMessage: 'just now' },
  minutesAgo: { id: 'time.minutesAgo', defaultMessage: '{count, plural, other {# min ago}}' },
  hoursAgo: { id: 'time.hoursAgo', defaultMessage: '{count, plural, other {# h ago}}' },
  minutes: { id: 'time.durationMinutes', defaultMessage: '{minutes, plural, other {# min}}' },
  hours: { id: 'time.durationHours', defaultMessage: '{hours, plural, other {# h}}' },
  hoursMinutes: {
    id: 'time.durationHoursMinutes',
    defaultMessage: '{hours, plural, other {# h}} {minutes, plural, other {# min}}',
  },
});

/**
 * "just now", "12 min ago", "3 h ago" for a moment within the last day, in the page's
 * language; null for anything older or ahead of `now`, which reads only absolute.
 */
export function relativeTimeText(
  moment: Moment,
  now: Date,
  formatter: PageFormatter = intl(),
): string | null {
  const age = relativeAge(moment, now);
  if (age === null) return null;
  switch (age.unit) {
    case 'now':
      return formatter.formatMessage(messages.justNow);
    case 'minute':
      return formatter.formatMessage(messages.minutesAgo, { count: age.count });
    case 'hour':
      return formatter.formatMessage(messages.hoursAgo, { count: age.count });
  }
}

/**
 * A wait as "3 h 12 min", "3 h" or "8 min" in the page's language, in whole minutes rounded
 * up as a countdown reads (the English of `formatDuration` in packages/shared).
 */
export function durationText(remainingMs: number, formatter: PageFormatter = intl()): string {
  const { hours, minutes } = durationParts(remainingMs);
  if (hours === 0) return formatter.formatMessage(messages.minutes, { minutes });
  if (minutes === 0) return formatter.formatMessage(messages.hours, { hours });
  return formatter.formatMessage(messages.hoursMinutes, { hours, minutes });
}
