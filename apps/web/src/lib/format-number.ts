import { formatLatency, formatMbps, formatNumber } from '@netpulse/shared';
import { defineMessages } from '@netpulse/i18n';
import { intl } from '@/lib/i18n/active-locale';

/**
 * Numbers in the page's language (issue 28): its grouping and decimal mark, in Latin digits
 * (the one digit rule, `formattingLocale` in packages/shared). Each function reads the page's
 * language when it runs, so call it while rendering (a component that reads `useIntl()`
 * renders again when the language changes), never at module load.
 */

/** A number of Bytes as it reads on screen: grouped thousands, at most two decimals. */
export function formatPoints(value: number, locale: string = intl().locale): string {
  return formatNumber(value, locale, { maximumFractionDigits: 2 });
}

/** A count as it reads on screen: "1,250", "1.250", "1 250". */
export function formatCount(value: number, locale: string = intl().locale): string {
  return formatNumber(value, locale, { maximumFractionDigits: 0 });
}

/** A speed in the page's language: "93.4 Mbit/s", "93,4 Мбит/c". */
export function formatSpeed(mbps: number, locale: string = intl().locale): string {
  return formatMbps(mbps, locale);
}

/** A round trip in the page's language: "12 ms", "< 1 ms", "12 мс". */
export function formatRoundTrip(ms: number, locale: string = intl().locale): string {
  return formatLatency(ms, locale);
}

/** A test's measured speeds, as the API gives them (null for a figure never measured). */
interface MeasuredSpeeds {
  download_mbps: number | null;
  upload_mbps: number | null;
  latency_ms: number | null;
}

const messages = defineMessages({
  speedLine: {
    id: 'numbers.speedLine',
    defaultMessage: '{download} down · {upload} up · {latency}',
  },
  noLatency: { id: 'numbers.noLatency', defaultMessage: 'latency -' },
});

/**
 * A test's speeds on one line: "93.4 Mbit/s down · 41.2 Mbit/s up · 12 ms", with
 * "latency -" when no round trip was seen; null when the speeds were never measured.
 */
export function formatSpeedLine(speeds: MeasuredSpeeds): string | null {
  if (speeds.download_mbps === null || speeds.upload_mbps === null) return null;
  const formatter = intl();
  const latency =
    speeds.latency_ms === null
      ? formatter.formatMessage(messages.noLatency)
      : formatRoundTrip(speeds.latency_ms, formatter.locale);
  return formatter.formatMessage(messages.speedLine, {
    download: formatSpeed(speeds.download_mbps, formatter.locale),
    upload: formatSpeed(speeds.upload_mbps, formatter.locale),
    latency,
  });
}
