// @vitest-environment happy-dom
import type { EarningsChart } from '@netpulse/shared';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { EarningsStatistics } from './earnings-statistics';
import { renderInApp } from '@testing/render-in-app';

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

/** An IntersectionObserver the test moves the area in and out of view with. */
class FakeObserver {
  static current: FakeObserver | undefined;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.current = this;
  }
  observe() {}
  disconnect() {}
  /** The area comes (or goes) into view, as the browser would report on scrolling. */
  show(visible: boolean) {
    const entry = { isIntersecting: visible, intersectionRatio: visible ? 1 : 0 };
    this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function renderArea() {
  renderInApp(<EarningsStatistics />);
}

/** Scrolls the area into view: no click. */
async function scrollIntoView() {
  await act(async () => {
    FakeObserver.current?.show(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

async function openChart() {
  renderArea();
  await scrollIntoView();
}

beforeEach(() => {
  vi.restoreAllMocks();
  FakeObserver.current = undefined;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Earnings Statistics', () => {
  it('asks for nothing while out of view, and loads once it comes into view, without a click', async () => {
    answerChart(emptyChart);
    renderArea();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByTestId('earnings-chart-placeholder')).toBeTruthy();
    expect(apiClient.get).not.toHaveBeenCalled();
    expect(screen.queryByRole('button')).toBeNull();

    await scrollIntoView();
    expect(apiClient.get).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('No earnings in this cycle yet')).toBeTruthy();
  });

  it('shows an empty state, not an empty chart, when the cycle has no earnings yet', async () => {
    answerChart(emptyChart);
    await openChart();
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
    await openChart();
    expect(await screen.findByText('No earnings in this cycle yet')).toBeTruthy();
  });
});
