/**
 * The bar chart of react-chartjs-2 with only the pieces of chart.js a bar chart
 * needs registered, once, so each chart's lazy chunk stays small and no chart
 * registers them again.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
  type Plugin,
} from 'chart.js';
import { intl, subscribeToLocale } from '@/lib/i18n/active-locale';
import { chartLanguage, LEFT_TO_RIGHT_PLOT } from './chart-language';

/**
 * Every chart in the page's language (issue 28): figures with its grouping, in Latin digits,
 * on the value axis and in the tooltips (chart.js formats them with `options.locale`); in a
 * right-to-left page the legend and the tooltip read right to left, while the plot and its
 * axes stay left to right, time running rightwards and numbers written as everywhere else.
 */
function followPageLanguage(): void {
  const language = chartLanguage(intl().locale);
  ChartJS.defaults.locale = language.locale;
  ChartJS.defaults.plugins.legend.rtl = language.rtl;
  ChartJS.defaults.plugins.legend.textDirection = language.direction;
  ChartJS.defaults.plugins.tooltip.rtl = language.rtl;
  ChartJS.defaults.plugins.tooltip.textDirection = language.direction;
}

/** Keeps the canvas left to right in a right-to-left page: its axes' labels are figures and times. */
const leftToRightPlot: Plugin = {
  id: LEFT_TO_RIGHT_PLOT,
  beforeInit(chart) {
    chart.canvas.style.direction = 'ltr';
  },
};

ChartJS.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
  leftToRightPlot,
);
followPageLanguage();
subscribeToLocale(() => {
  followPageLanguage();
  // Charts on screen draw again in the new language.
  for (const chart of Object.values(ChartJS.instances)) chart.update();
});

export { Bar } from 'react-chartjs-2';
