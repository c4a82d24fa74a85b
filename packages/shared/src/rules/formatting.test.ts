import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPEEDTEST_DETAILS, TRANSACTION_TYPES } from '../constants.ts';
import {
  formatKeepNameTime,
  maskIpAddress,
  transactionTypeLabel,
  transactionDetailsLabel,
} from './formatting.ts';

describe('transactionTypeLabel', () => {
  it.each([
    ['speedtest_earning', 'Network Earning'],
    ['referral_bonus', 'Referral Bonus'],
    ['referral_commission', 'Referral Commission'],
    ['daily_claim', 'Daily Claim'],
    ['streak_bonus', 'Streak Bonus'],
    ['referral_quest', 'Referral Quest'],
    ['quest_reward', 'Quest Reward'],
  ])('%s reads %s', (type, label) => {
    expect(transactionTypeLabel(type)).toBe(label);
  });

  it('labels every ledger transaction type', () => {
    expect(TRANSACTION_TYPES.map(transactionTypeLabel)).toEqual([
      'Network Earning',
      'Referral Bonus',
      'Referral Commission',
      'Daily Claim',
      'Streak Bonus',
      'Referral Quest',
      'Quest Reward',
    ]);
  });

  it.each([
    ['a__b', 'A B'],
    ['_daily_claim_', 'Daily Claim'],
    ['daily', 'Daily'],
    ['DAILY_CLAIM', 'Daily Claim'],
    ['SPEEDTEST_EARNING', 'Network Earning'],
    ['Speedtest_Earning', 'Network Earning'],
    ['speedtest', 'Speedtest'],
    ['speedtest_earning_extra', 'Speedtest Earning Extra'],
    ['x', 'X'],
    ['', ''],
    ['___', ''],
    ['quest_2x_bonus', 'Quest 2x Bonus'],
  ])('title-cases the odd input %j as %j', (type, label) => {
    expect(transactionTypeLabel(type)).toBe(label);
  });
});

describe('transactionDetailsLabel', () => {
  it('shows Speedtest as Network Contribution', () => {
    expect(SPEEDTEST_DETAILS).toBe('Speedtest');
    expect(transactionDetailsLabel('Speedtest')).toBe('Network Contribution');
  });

  it.each(['Daily Claim', 'Discord join', 'speedtest', 'Speedtest bonus', ''])(
    'keeps any other details as they are: %j',
    (details) => {
      expect(transactionDetailsLabel(details)).toBe(details);
    },
  );
});

describe('maskIpAddress', () => {
  it.each([
    ['192.168.1.10', '***.***.*.**'],
    ['8.8.8.8', '*.*.*.*'],
    ['255.255.255.255', '***.***.***.***'],
    ['2001:db8::1', '****:***::*'],
    ['2001:0DB8:85A3:0000:0000:8A2E:0370:7334', '****:****:****:****:****:****:****:****'],
    ['fe80::1', '****::*'],
    ['::1', '::*'],
    ['::ffff:192.0.2.1', '::****:***.*.*.*'],
    ['', ''],
  ])('%s is masked as %s', (ip, masked) => {
    expect(maskIpAddress(ip)).toBe(masked);
  });

  it('hides every digit of an IPv4 address and keeps its shape', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), (octets) => {
        const ip = octets.join('.');
        const masked = maskIpAddress(ip);
        expect(masked).toHaveLength(ip.length);
        expect(masked).toMatch(/^\*{1,3}\.\*{1,3}\.\*{1,3}\.\*{1,3}$/);
        expect(masked).toBe(octets.map((o) => '*'.repeat(String(o).length)).join('.'));
      }),
    );
  });

  it('hides every hex digit of an IPv6 address and keeps the colons', () => {
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const masked = maskIpAddress(ip);
        expect(masked).toHaveLength(ip.length);
        expect(masked).not.toMatch(/[0-9a-fA-F]/);
        expect(masked.replace(/[^:.]/g, '')).toBe(ip.replace(/[^:.]/g, ''));
      }),
    );
  });
});

describe('formatKeepNameTime (the keep-name timer)', () => {
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;

  it.each([
    [0, '0h 0m 0s'],
    [-5 * s, '0h 0m 0s'],
    [Number.NaN, '0h 0m 0s'],
    [1, '0h 0m 1s'],
    [999, '0h 0m 1s'],
    [s, '0h 0m 1s'],
    [s + 1, '0h 0m 2s'],
    [59 * s, '0h 0m 59s'],
    [m, '0h 1m 0s'],
    [h, '1h 0m 0s'],
    [23 * h + 59 * m + 59 * s, '23h 59m 59s'],
    // From a day up the seconds go and the days come in.
    [d - 1, '1d 0h 0m'],
    [d, '1d 0h 0m'],
    [d + 2 * h + 3 * m + 4 * s, '1d 2h 3m'],
    [3 * d + 23 * h + 59 * m + 59 * s, '3d 23h 59m'],
    [Number.POSITIVE_INFINITY, '0h 0m 0s'],
  ])('%d ms reads %s', (ms, text) => {
    expect(formatKeepNameTime(ms)).toBe(text);
  });

  it('adds up to the time left, rounded up to the second', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * d }), (ms) => {
        const text = formatKeepNameTime(ms);
        const total = Math.ceil(ms / s);
        if (total >= 24 * 60 * 60) {
          const [, days, hours, minutes] = /^(\d+)d (\d+)h (\d+)m$/.exec(text) ?? [];
          expect(Number(hours)).toBeLessThan(24);
          expect(Number(minutes)).toBeLessThan(60);
          expect(Number(days) * 86_400 + Number(hours) * 3600 + Number(minutes) * 60).toBe(
            total - (total % 60),
          );
        } else {
          const [, hours, minutes, seconds] = /^(\d+)h (\d+)m (\d+)s$/.exec(text) ?? [];
          expect(Number(minutes)).toBeLessThan(60);
          expect(Number(seconds)).toBeLessThan(60);
          expect(Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)).toBe(total);
        }
      }),
    );
  });
});
