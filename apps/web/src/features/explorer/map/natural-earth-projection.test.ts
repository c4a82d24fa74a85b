import { describe, expect, it } from 'vitest';
import { MAP_HEIGHT, MAP_WIDTH, project, ringPath } from './natural-earth-projection';

describe('the Natural Earth projection', () => {
  it('puts the origin in the middle and the antimeridian at the edges', () => {
    expect(project([0, 0])).toEqual([MAP_WIDTH / 2, MAP_HEIGHT / 2]);
    expect(project([-180, 0])[0]).toBeCloseTo(0, 6);
    expect(project([180, 0])[0]).toBeCloseTo(MAP_WIDTH, 6);
  });

  it('puts the poles at the top and the bottom, the north up', () => {
    expect(project([0, 90])[1]).toBeCloseTo(0, 6);
    expect(project([0, -90])[1]).toBeCloseTo(MAP_HEIGHT, 6);
    expect(project([0, 45])[1]).toBeLessThan(MAP_HEIGHT / 2);
  });

  it('has the projection’s own ratio, about 1.92 wide to 1 high', () => {
    expect(MAP_WIDTH / MAP_HEIGHT).toBeCloseTo(1.92, 1);
  });

  it('narrows the lines of latitude towards the poles, as the projection does', () => {
    const atEquator = project([90, 0])[0] - MAP_WIDTH / 2;
    const atSixty = project([90, 60])[0] - MAP_WIDTH / 2;
    expect(atSixty).toBeLessThan(atEquator);
    expect(atSixty).toBeGreaterThan(atEquator / 2);
  });
});

describe('rings', () => {
  it('draws a closed path through each projected corner', () => {
    const path = ringPath([
      [0, 0],
      [10, 0],
      [10, 10],
    ]);
    expect(path.startsWith('M500.0 ')).toBe(true);
    expect(path.match(/L/g)).toHaveLength(2);
    expect(path.endsWith('Z')).toBe(true);
  });
});
