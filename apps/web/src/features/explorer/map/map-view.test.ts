import { describe, expect, it } from 'vitest';
import { clampView, panBy, resolutionForScale, WHOLE_WORLD, zoomAt, MAX_SCALE } from './map-view';
import { MAP_HEIGHT, MAP_WIDTH } from './natural-earth-projection';

describe('the map’s view', () => {
  it('keeps the point under the pointer in place while zooming', () => {
    const view = zoomAt(WHOLE_WORLD, 4, [250, 200]);
    expect(view.scale).toBe(4);
    // The plane point that was at (250, 200) is drawn there still.
    expect(250 * view.scale + view.x).toBeCloseTo(250 * 4 - 750, 6);
    expect((250 - view.x) / view.scale).toBeCloseTo(250, 6);
    expect((200 - view.y) / view.scale).toBeCloseTo(200, 6);
  });

  it('never zooms out past the whole world or in past its deepest zoom', () => {
    expect(zoomAt(WHOLE_WORLD, 0.5, [10, 10])).toEqual(WHOLE_WORLD);
    expect(zoomAt(WHOLE_WORLD, 10_000, [10, 10]).scale).toBe(MAX_SCALE);
  });

  it('never pans the world off its frame', () => {
    expect(panBy(WHOLE_WORLD, 100, 100)).toEqual(WHOLE_WORLD);
    const zoomed = clampView({ scale: 2, x: -5_000, y: -5_000 });
    expect(zoomed.x).toBe(-MAP_WIDTH);
    expect(zoomed.y).toBe(-MAP_HEIGHT);
  });

  it('asks for finer cells as it zooms in', () => {
    expect([1, 4, 12, 32, 96].map(resolutionForScale)).toEqual([3, 4, 5, 6, 7]);
    expect(resolutionForScale(3.9)).toBe(3);
  });
});
