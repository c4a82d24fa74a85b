import { describe, expect, it } from 'vitest';
import { chartLanguage } from './chart-language';

describe('chartLanguage', () => {
  it("formats a chart's figures in the page's language, in Latin digits", () => {
    expect(chartLanguage('en').locale).toBe('en-US');
    expect(chartLanguage('es').locale).toBe('es-u-nu-latn');
    expect(new Intl.NumberFormat(chartLanguage('ru').locale).format(12345)).toBe('12\u00a0345');
    expect(new Intl.NumberFormat(chartLanguage('ar').locale).format(12345)).toMatch(/^12.345$/);
  });

  it('turns the legend and tooltip right to left in Arabic only (the plot stays left to right)', () => {
    expect(chartLanguage('ar')).toMatchObject({ rtl: true, direction: 'rtl' });
    expect(chartLanguage('zh-CN')).toMatchObject({ rtl: false, direction: 'ltr' });
  });
});
