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
} from 'chart.js';

ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export { Bar } from 'react-chartjs-2';
