// @vitest-environment happy-dom
import { Chart as ChartJS } from 'chart.js';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '@/lib/i18n/active-locale';
import './bar-chart';

afterEach(async () => {
  await switchLocale('en');
});

describe('charts follow the page language', () => {
  it('formats figures in the language and turns the legend and tooltip right to left in Arabic', async () => {
    expect(ChartJS.defaults.locale).toBe('en-US');
    await switchLocale('ar');
    expect(ChartJS.defaults.locale).toBe('ar-u-nu-latn');
    expect(ChartJS.defaults.plugins.legend.rtl).toBe(true);
    expect(ChartJS.defaults.plugins.tooltip.rtl).toBe(true);
    await switchLocale('es');
    expect(ChartJS.defaults.locale).toBe('es-u-nu-latn');
    expect(ChartJS.defaults.plugins.legend.rtl).toBe(false);
  });
});
