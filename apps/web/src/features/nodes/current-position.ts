import type { CompleteSpeedtestRequest } from '@netpulse/shared';

type Position = Required<Pick<CompleteSpeedtestRequest, 'latitude' | 'longitude'>>;

// As the extension asks for it (apps/extension/src/offscreen and background/geolocation.ts):
// a position up to 10 minutes old will do, wait at most 15 s, and send two decimals only.
const POSITION_OPTIONS: PositionOptions = { maximumAge: 10 * 60_000, timeout: 15_000 };

/** Two decimals (about 1 km): enough for the Location boost, and no more of the user's whereabouts. */
const coarse = (value: number) => Math.round(value * 100) / 100;

/**
 * The position for the Location boost, asked only when the person ticked
 * "share my location"; null when the browser gives none (refused, no service,
 * a time-out), so the test completes without it.
 */
export function currentPosition(): Promise<Position | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: coarse(coords.latitude), longitude: coarse(coords.longitude) }),
      (error) => {
        console.warn('No location for this test:', error.message);
        resolve(null);
      },
      POSITION_OPTIONS,
    );
  });
}
