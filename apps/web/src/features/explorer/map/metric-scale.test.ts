import { describe, expect, it } from 'vitest';
import { colourOf, scaleSteps } from './metric-scale';

describe('the explorer’s colour scale', () => {
  it('deepens as a speed rises', () => {
    const steps = scaleSteps('download');
    expect(steps.map((step) => step.from)).toEqual([0, 10, 25, 50, 100, 250]);
    expect(steps.at(-1)?.to).toBeNull();
    expect(colourOf('download', 5)).toBe(steps[0]?.colour);
    expect(colourOf('download', 300)).toBe(steps[5]?.colour);
    expect(colourOf('download', 300)).not.toBe(colourOf('download', 5));
  });

  it('deepens as latency falls, listing the worst first as the speeds do', () => {
    const steps = scaleSteps('latency');
    expect(steps[0]).toMatchObject({ from: 150, to: null });
    expect(steps.at(-1)).toMatchObject({ from: 0, to: 10 });
    expect(colourOf('latency', 5)).toBe(colourOf('download', 300));
    expect(colourOf('latency', 500)).toBe(colourOf('download', 1));
  });

  it('puts a value on a step’s lower bound in that step', () => {
    const steps = scaleSteps('upload');
    expect(colourOf('upload', 10)).toBe(steps[2]?.colour);
    expect(colourOf('upload', 9.99)).toBe(steps[1]?.colour);
  });
});
