// @vitest-environment happy-dom
import type { EarningsChart } from '@netpulse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { EarningsStatistics } from './earnings-statistics';

const DAYS = ['11-17', '11-18', '11-19'];
const zeros = () => DAYS.map(() => 0);
const emptyChart: EarningsChart = {
  labels: DAYS,
  datasets: {
    referralBonus: zeros(),
    referralEarning: zeros(),
    questsEarning: zeros(),
    speedtestEarning: zeros(),
  },
};

function answerChart(chart: EarningsChart) {
  vi.spyOn(apiClient, 'get').mockResolvedValue({ success: true, message: 'OK', data: chart });
}

function openChart() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EarningsStatistics />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByTestId('load-earnings-chart'));
}

beforeEach(() => {
  vi.restoreAllMocks();
});
afterEach(cleanup);

describe('Earnings Statistics', () => {
  it('shows an empty state, not an empty chart, when the cycle has no earnings yet', async () => {
    answerChart(emptyChart);
    openChart();
    expect(await screen.findByText('No earnings in this cycle yet')).toBeTruthy();
    expect(screen.getByText(/speed tests/i)).toBeTruthy();
    expect(screen.queryByTestId('earnings-chart')).toBeNull();
  });

  it('shows the empty state for a cycle with no days either', async () => {
    answerChart({
      ...emptyChart,
      labels: [],
      datasets: { ...emptyChart.datasets, referralBonus: [] },
    });
    openChart();
    expect(await screen.findByText('No earnings in this cycle yet')).toBeTruthy();
  });
});
