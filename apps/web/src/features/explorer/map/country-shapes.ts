/**
 * The world's countries as SVG paths on the explorer's plane, drawn from Natural Earth's
 * 1:110m boundaries as world-atlas packages them (TopoJSON: about a third of the size of the
 * same shapes as GeoJSON). Bundled with the explorer's chunk, so the map needs no tile server
 * and works offline; the paths are made once, on first use.
 */
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import type { LngLat } from '@netpulse/shared';
import { ringPath } from './natural-earth-projection';

export interface CountryShape {
  /** ISO 3166-1 numeric, as Natural Earth names it; some territories have none. */
  id: string;
  path: string;
}

type Rings = readonly (readonly LngLat[])[];

let shapes: readonly CountryShape[] | undefined;

export function countryShapes(): readonly CountryShape[] {
  if (shapes) return shapes;
  const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
  const collection = feature(topology, topology.objects.countries);
  shapes = collection.features.map((country, index) => {
    const geometry = country.geometry;
    const polygons: readonly Rings[] =
      geometry.type === 'Polygon'
        ? [geometry.coordinates as unknown as Rings]
        : geometry.type === 'MultiPolygon'
          ? (geometry.coordinates as unknown as Rings[])
          : [];
    return {
      id: String(country.id ?? `shape-${index}`),
      path: polygons.flatMap((rings) => rings.map((ring) => ringPath(ring))).join(''),
    };
  });
  return shapes;
}
