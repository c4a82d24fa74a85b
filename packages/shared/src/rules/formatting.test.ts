import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SPEEDTEST_DETAILS, TRANSACTION_TYPES } from '../constants.ts';
import {
  formatDisplayDate,
  formatDisplayDateTime,
  formatKeepNameTime,
  formatLocalClock,
  formatNetworkTime,
  formatRangeInputDate,
  maskIpAddress,
  toApiDate,
  transactionTypeLabel,
  transactionDetailsLabel,
} from './formatting.ts';

// Local-time formats are checked in a fixed zone, set before any Date is made
// (including the ones in the test tables below). Asia/Kolkata is UTC+05:30 all
// year, so the local day and minutes differ from the UTC ones.
vi.stubEnv('TZ', 'Asia/Kolkata');
afterAll(() => {
  vi.unstubAllEnvs();
});

const two = (n: number) => String(n).padStart(2, '0');
const anyTime = fc.date({
  min: new Date('1971-01-01T00:00:00Z'),
  max: new Date('9998-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('local zone of these tests', () => {
  it('is UTC+05:30', () => {
    expect(new Date('2024-01-15T12:00:00Z').getTimezoneOffset()).toBe(-330);
    expect(new Date('2024-07-15T12:00:00Z').getTimezoneOffset()).toBe(-330);
  });
});

describe('formatDisplayDate (DD/MM/YYYY of the UTC day)', () => {
  it.each([
    ['2024-03-05T12:00:00Z', '05/03/2024'],
    ['2024-12-31T23:59:59Z', '31/12/2024'],
    ['2024-01-01T00:00:00Z', '01/01/2024'],
    ['2024-02-29T10:00:00Z', '29/02/2024'],
    ['2024-11-09T08:07:06.123Z', '09/11/2024'],
    // 20:00 UTC is already the next day in Kolkata; the display date stays UTC.
    ['2024-03-05T20:00:00Z', '05/03/2024'],
    // A time written with an offset is shown on its UTC day.
    ['2024-03-05T23:30:00-02:00', '06/03/2024'],
    ['2024-03-06T01:00:00+05:30', '05/03/2024'],
    // A plain date is read as UTC midnight.
    ['2024-07-04', '04/07/2024'],
  ])('%s shows %s', (iso, text) => {
    expect(formatDisplayDate(iso)).toBe(text);
  });

  it('matches the UTC date parts of any time', () => {
    fc.assert(
      fc.property(anyTime, (time) => {
        const [year, month, day] = time.toISOString().slice(0, 10).split('-');
        expect(formatDisplayDate(time.toISOString())).toBe(`${day}/${month}/${year}`);
      }),
    );
  });
});

describe('formatRangeInputDate (MM/DD/YYYY of a local date)', () => {
  it.each([
    [new Date(2024, 0, 9), '01/09/2024'],
    [new Date(2024, 11, 31), '12/31/2024'],
    [new Date(2024, 1, 29), '02/29/2024'],
    [new Date(2024, 9, 10, 23, 59), '10/10/2024'],
    // 20:00 UTC on 8 January is 01:30 on 9 January in Kolkata.
    [new Date('2024-01-08T20:00:00Z'), '01/09/2024'],
  ])('%s shows %s', (date, text) => {
    expect(formatRangeInputDate(date)).toBe(text);
  });
});

describe('toApiDate (YYYY-MM-DD of a local date)', () => {
  it.each([
    [new Date(2024, 0, 9), '2024-01-09'],
    [new Date(2024, 11, 31), '2024-12-31'],
    [new Date(2024, 1, 29), '2024-02-29'],
    [new Date(2024, 9, 10, 23, 59), '2024-10-10'],
    [new Date('2024-01-08T20:00:00Z'), '2024-01-09'],
    [new Date('2024-01-09T18:29:59Z'), '2024-01-09'],
    [new Date('2024-01-09T18:30:00Z'), '2024-01-10'],
  ])('%s is %s', (date, text) => {
    expect(toApiDate(date)).toBe(text);
  });

  it('and formatRangeInputDate show the same local day', () => {
    fc.assert(
      fc.property(anyTime, (date) => {
        const [year, month, day] = toApiDate(date).split('-');
        expect(formatRangeInputDate(date)).toBe(`${month}/${day}/${year}`);
        expect(toApiDate(date)).toBe(
          `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`,
        );
      }),
    );
  });
});

describe('formatNetworkTime (YYYY-MM-DD HH:mm in local time, decision 013)', () => {
  it.each([
    ['2024-01-01T00:00:00Z', '2024-01-01 05:30'],
    ['2024-01-01T04:35:00Z', '2024-01-01 10:05'],
    ['2024-01-01T06:29:00Z', '2024-01-01 11:59'],
    // Noon and midnight: 12:00 and 00:00, never both "12".
    ['2024-01-01T06:30:00Z', '2024-01-01 12:00'],
    ['2023-12-31T18:30:00Z', '2024-01-01 00:00'],
    ['2024-01-01T07:31:00Z', '2024-01-01 13:01'],
    ['2024-01-01T10:05:00Z', '2024-01-01 15:35'],
    ['2024-01-01T17:29:59Z', '2024-01-01 22:59'],
    // The local day can be the day after the UTC one, across a year end.
    ['2023-12-31T20:00:00Z', '2024-01-01 01:30'],
    ['2024-02-28T19:00:00Z', '2024-02-29 00:30'],
    // An explicit +00:00 offset is the same as Z.
    ['2024-06-15T12:00:00+00:00', '2024-06-15 17:30'],
  ])('%s shows %s', (iso, text) => {
    expect(formatNetworkTime(iso)).toBe(text);
  });

  it('tells a morning time from the evening one twelve hours later', () => {
    expect(formatNetworkTime('2024-01-01T00:29:00Z')).toBe('2024-01-01 05:59');
    expect(formatNetworkTime('2024-01-01T12:29:00Z')).toBe('2024-01-01 17:59');
  });

  it('matches the local date and 24-hour clock of any time', () => {
    fc.assert(
      fc.property(anyTime, (time) => {
        const text = formatNetworkTime(time.toISOString());
        expect(text).toMatch(/^\d{4}-\d{2}-\d{2} (?:[01]\d|2[0-3]):[0-5]\d$/);
        expect(text).toBe(`${toApiDate(time)} ${formatLocalClock(time)}`);
        expect(formatLocalClock(time)).toBe(`${two(time.getHours())}:${two(time.getMinutes())}`);
      }),
    );
  });

  describe('in a zone with daylight saving time', () => {
    beforeAll(() => {
      vi.stubEnv('TZ', 'America/New_York');
    });
    afterAll(() => {
      vi.stubEnv('TZ', 'Asia/Kolkata');
    });

    it.each([
      ['2024-01-15T17:05:00Z', '2024-01-15 12:05'], // EST, UTC-5
      ['2024-07-15T17:05:00Z', '2024-07-15 13:05'], // EDT, UTC-4
      ['2024-07-15T03:59:00Z', '2024-07-14 23:59'],
      ['2024-01-01T04:00:00Z', '2023-12-31 23:00'],
      ['2024-03-10T07:30:00Z', '2024-03-10 03:30'], // just after the spring change
      ['2024-11-03T06:30:00Z', '2024-11-03 01:30'], // the repeated hour, second time
    ])('%s shows %s', (iso, text) => {
      expect(formatNetworkTime(iso)).toBe(text);
    });
  });
});

describe('formatDisplayDateTime (DD/MM/YYYY HH:mm in UTC)', () => {
  it.each([
    ['2024-02-29T07:05:00Z', '29/02/2024 07:05'],
    ['2024-01-01T00:00:00Z', '01/01/2024 00:00'],
    ['2024-12-31T23:59:59Z', '31/12/2024 23:59'],
    ['2024-06-15T13:45:30.999Z', '15/06/2024 13:45'],
    // Not local time: 20:00 UTC is 01:30 the next day in Kolkata.
    ['2024-03-05T20:00:00Z', '05/03/2024 20:00'],
    ['2024-03-06T01:30:00+05:30', '05/03/2024 20:00'],
  ])('%s shows %s', (iso, text) => {
    expect(formatDisplayDateTime(iso)).toBe(text);
  });

  it('starts with the display date and ends with the UTC hours and minutes', () => {
    fc.assert(
      fc.property(anyTime, (time) => {
        const iso = time.toISOString();
        expect(formatDisplayDateTime(iso)).toBe(`${formatDisplayDate(iso)} ${iso.slice(11, 16)}`);
      }),
    );
  });
});

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
