/**
 * The map's zoom and pan as plain numbers, apart from the pointer and keyboard handling that
 * change them: the plane (natural-earth-projection.ts) is drawn scaled by `scale` and moved by
 * (`x`, `y`), both in plane units, and never so far that the map leaves an edge of its frame.
 */
import { MAP_HEIGHT, MAP_WIDTH } from './natural-earth-projection';

export interface MapView {
  scale: number;
  x: number;
  y: number;
}

export const WHOLE_WORLD: MapView = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 256;

/** The map stays over its whole frame: no empty margin past the world's edge. */
export function clampView({ scale, x, y }: MapView): MapView {
  const bounded = Math.min(MAX_SCALE, Math.max(1, scale));
  return {
    scale: bounded,
    x: Math.min(0, Math.max(MAP_WIDTH * (1 - bounded), x)),
    y: Math.min(0, Math.max(MAP_HEIGHT * (1 - bounded), y)),
  };
}

/** Zooms by `factor` keeping the plane point under `at` (frame units) where it is. */
export function zoomAt(view: MapView, factor: number, at: readonly [number, number]): MapView {
  const scale = Math.min(MAX_SCALE, Math.max(1, view.scale * factor));
  const [atX, atY] = at;
  const planeX = (atX - view.x) / view.scale;
  const planeY = (atY - view.y) / view.scale;
  return clampView({ scale, x: atX - planeX * scale, y: atY - planeY * scale });
}

/** Zooms about the frame's centre: the buttons and the keyboard. */
export const zoomAtCentre = (view: MapView, factor: number) =>
  zoomAt(view, factor, [MAP_WIDTH / 2, MAP_HEIGHT / 2]);

/** Moves the map by (dx, dy) frame units. */
export const panBy = (view: MapView, dx: number, dy: number) =>
  clampView({ ...view, x: view.x + dx, y: view.y + dy });

/**
 * The H3 resolution the map asks for at a zoom: each step of resolution is about 2.6 times
 * finer, so each is shown over a band of zooms where its cells are a few pixels to a few
 * dozen wide.
 */
export function resolutionForScale(scale: number): 3 | 4 | 5 | 6 | 7 {
  if (scale < 4) return 3;
  if (scale < 12) return 4;
  if (scale < 32) return 5;
  if (scale < 96) return 6;
  return 7;
}
