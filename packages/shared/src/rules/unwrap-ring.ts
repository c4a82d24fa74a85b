/** A point as GeoJSON writes it: [longitude, latitude]. */
export type LngLat = readonly [number, number];

/**
 * A cell near the antimeridian has corners on both sides of it (170° and -170°): read as given,
 * it stretches across the whole world, is drawn so and turns the wrong way. Its corners are
 * moved to the side of its first corner (one may then pass 180°), so the ring is whole again.
 * The server orients its rings by it, the web app draws them by it.
 */
export function unwrapRing(ring: readonly LngLat[]): LngLat[] {
  const first = ring[0];
  if (!first) return [];
  return ring.map(([longitude, latitude]) => {
    if (longitude - first[0] > 180) return [longitude - 360, latitude] as const;
    if (first[0] - longitude > 180) return [longitude + 360, latitude] as const;
    return [longitude, latitude] as const;
  });
}
