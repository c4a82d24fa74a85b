// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SpeedGauge } from './speed-gauge';

afterEach(cleanup);

describe('SpeedGauge', () => {
  it('is a meter named by its direction whose value is the current speed in Mbit/s', () => {
    render(<SpeedGauge direction="download" mbps={93.46} />);
    const meter = screen.getByRole('meter', { name: 'Download speed' });
    expect(meter.getAttribute('aria-valuenow')).toBe('93.5');
    expect(meter.getAttribute('aria-valuetext')).toBe('93.5 Mbit/s');
    expect(meter.getAttribute('aria-valuemin')).toBe('0');
    expect(meter.getAttribute('aria-valuemax')).toBe('100');
  });

  it('names the upload once the test has turned to it, its scale grown to hold the speed', () => {
    render(<SpeedGauge direction="upload" mbps={420} />);
    const meter = screen.getByRole('meter', { name: 'Upload speed' });
    expect(meter.getAttribute('aria-valuetext')).toBe('420 Mbit/s');
    expect(meter.getAttribute('aria-valuemax')).toBe('500');
  });
});
