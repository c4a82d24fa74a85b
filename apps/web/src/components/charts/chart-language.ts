/**
 * What a chart takes from the page's language: plain values with no chart.js import, so the
 * rule can be tested without a canvas (bar-chart.ts applies it to chart.js).
 */
import { textDirection } from '@netpulse/i18n';
import { formattingLocale } from '@netpulse/shared';

export const LEFT_TO_RIGHT_PLOT = 'netpulseLeftToRightPlot';

export interface ChartLanguage {
  /** The tag chart.js formats figures with: the language's grouping, Latin digits. */
  locale: string;
  /** The legend and the tooltip follow the page's direction; the plot never does. */
  rtl: boolean;
  direction: 'ltr' | 'rtl';
}

export function chartLanguage(locale: string): ChartLanguage {
  const direction = textDirection(locale);
  return { locale: formattingLocale(locale), rtl: direction === 'rtl', direction };
}
