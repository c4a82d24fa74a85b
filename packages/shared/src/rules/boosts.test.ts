import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPEEDTEST_BASE_POINTS } from '../constants.ts';
import {
  boostBreakdown,
  formatBoost,
  formatMultiplier,
  speedtestPoints,
  type BoostFlags,
} from './boosts.ts';

const row = (
  is_ip_slashing: boolean,
  is_location_slashing: boolean,
  additional_boost: number | null = null,
): BoostFlags => ({ is_ip_slashing, is_location_slashing, additional_boost });

const UNIQUE_IP = { label: 'Unique IP', multiplier: 2 };
const LOCATION_ON = { label: 'Location', multiplier: 2 };
const elite = (multiplier: number) => ({ label: 'Elite Role', multiplier });

describe('boostBreakdown', () => {
  it('lists Unique IP 2x when the IP was not slashed', () => {
    expect(boostBreakdown(row(false, true))).toEqual([UNIQUE_IP]);
  });

  it('lists Location 2x when the location was not slashed', () => {
    expect(boostBreakdown(row(true, false))).toEqual([LOCATION_ON]);
  });

  it('lists both, in that order, when neither was slashed', () => {
    expect(boostBreakdown(row(false, false))).toEqual([UNIQUE_IP, LOCATION_ON]);
  });

  it('lists nothing when both were slashed and there is no Elite Role boost', () => {
    expect(boostBreakdown(row(true, true))).toEqual([]);
    expect(boostBreakdown(row(true, true, 0))).toEqual([]);
  });

  it.each([1.5, 2, 3, 1.25])('lists the Elite Role boost as %d times', (boost) => {
    expect(boostBreakdown(row(true, true, boost))).toEqual([elite(boost)]);
    expect(boostBreakdown(row(false, false, boost))).toEqual([
      UNIQUE_IP,
      LOCATION_ON,
      elite(boost),
    ]);
  });

  it('leaves the Elite Role boost out when additional_boost is null, 0 or negative', () => {
    for (const boost of [null, 0, -1]) {
      expect(boostBreakdown(row(false, false, boost)).map((b) => b.label)).toEqual([
        'Unique IP',
        'Location',
      ]);
    }
  });
});

describe('speedtestPoints', () => {
  it('has a base of 50 Bytes', () => {
    expect(SPEEDTEST_BASE_POINTS).toBe(50);
  });

  it.each([
    // [is_ip_slashing, is_location_slashing, additional_boost, points]
    [true, true, null, 50],
    [false, true, null, 100],
    [true, false, null, 100],
    [false, false, null, 200],
    [false, false, 1.5, 300],
    [true, false, 1.5, 150],
    [true, true, 1.5, 75],
    [false, false, 2, 400],
    [true, true, 3, 150],
    [false, false, 0, 200],
  ] as const)(
    'ip slashed %s, location slashed %s, boost %s: %i Bytes',
    (ip, location, boost, points) => {
      expect(speedtestPoints(row(ip, location, boost))).toBe(points);
    },
  );

  it.each([
    [1.234, 62], // 61.7
    [1.001, 50], // 50.05
    [2.25, 113], // 112.5 rounds up
    [0.5, 25],
    [0.01, 1], // 0.5 rounds up
  ])('rounds to whole Bytes: boost %d on a slashed test is %i', (boost, points) => {
    expect(speedtestPoints(row(true, true, boost))).toBe(points);
  });

  it('multiplies 50 by every listed boost, rounded', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.double({ min: 0.1, max: 10, noNaN: true })),
        (ip, location, boost) => {
          const flags = row(ip, location, boost);
          const product = boostBreakdown(flags).reduce((p, b) => p * b.multiplier, 50);
          const points = speedtestPoints(flags);
          expect(Number.isInteger(points)).toBe(true);
          expect(points).toBe(Math.round(product));
          const unboosted = 50 * (ip ? 1 : 2) * (location ? 1 : 2);
          expect(points).toBe(boost === null ? unboosted : Math.round(unboosted * boost));
        },
      ),
    );
  });
});

describe('formatMultiplier', () => {
  it.each([
    [2, '2x'],
    [1, '1x'],
    [1.5, '1.5x'],
    [3, '3x'],
    [1.25, '1.25x'],
    [1.234, '1.23x'],
    [1.239, '1.24x'],
    [2.5, '2.5x'],
    [1.1, '1.1x'],
    [10, '10x'],
  ])('%d reads %s', (multiplier, text) => {
    expect(formatMultiplier(multiplier)).toBe(text);
  });

  it('labels every boost of a breakdown in words, never a flag value', () => {
    const lines = boostBreakdown(row(false, false, 1.5)).map(formatBoost);
    expect(lines).toEqual(['Unique IP · 2x', 'Location · 2x', 'Elite Role · 1.5x']);
    for (const line of lines) expect(line).not.toMatch(/\b(true|false|True|False)\b/);
  });
});
