import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, withDownloadExtensionId } from './env.ts';
import { TRUST_PROXY_MESSAGES } from './lib/trusted-proxies.ts';

describe('parseEnv', () => {
  it('gives every setting a default', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:8080',
      PRODUCT_NAME: 'Netpulse',
      CAPTCHA_PROVIDER: 'altcha',
      SPEEDTEST_DAILY_LIMIT: 4,
      NODE_LIMIT: 5,
      JOBS_POLL_MS: 1000,
      JOBS_LEASE_MS: 60000,
      JOBS_KEEP_DONE_DAYS: 7,
      NODE_OFFLINE_AFTER_MIN: 30,
      CLAIM_REMINDER_HOURS: 3,
      EXPLORER_MIN_ACCOUNTS: 5,
      OPEN_DATA_LICENSE: 'CC BY 4.0',
    });
    expect(config.DATA_DIR).toMatch(/data$/);
  });

  it('makes ALTCHA cost a mid-range phone about a second (bench/captcha/altcha-solve.ts)', () => {
    // At 50000 a solve took Node 47 ms, which barely slowed automation; see the README.
    expect(parseEnv({}).ALTCHA_MAX_NUMBER).toBe(100_000);
  });

  it('trims the trailing slash of PUBLIC_URL and treats empty values as unset', () => {
    expect(parseEnv({ PUBLIC_URL: 'https://app.example/', DATABASE_URL: '' })).toMatchObject({
      PUBLIC_URL: 'https://app.example',
      DATABASE_URL: undefined,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ CAPTCHA_PROVIDER: 'recaptcha' }, 'CAPTCHA_PROVIDER'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ METRICS_TOKEN: 'fifteen-chars..' }, 'METRICS_TOKEN'],
    [{ CAPTCHA_PROVIDER: 'turnstile' }, 'CAPTCHA_SITE_KEY'],
    [{ DISCORD_JOIN_INVITE_URL: 'discord' }, 'DISCORD_JOIN_INVITE_URL'],
    [{ NODE_LIMIT: 'five' }, 'NODE_LIMIT'],
    [{ NODE_LIMIT: '0' }, 'NODE_LIMIT'],
    [{ NODE_LIMIT: '2.5' }, 'NODE_LIMIT'],
    [{ JOBS_POLL_MS: 'soon' }, 'JOBS_POLL_MS'],
    [{ JOBS_POLL_MS: '5' }, 'JOBS_POLL_MS'],
    [{ JOBS_POLL_MS: '60001' }, 'JOBS_POLL_MS'],
    [{ JOBS_POLL_MS: '2.5' }, 'JOBS_POLL_MS'],
    [{ JOBS_LEASE_MS: '999' }, 'JOBS_LEASE_MS'],
    [{ JOBS_LEASE_MS: 'a minute' }, 'JOBS_LEASE_MS'],
    [{ JOBS_KEEP_DONE_DAYS: 'a week' }, 'JOBS_KEEP_DONE_DAYS'],
    [{ JOBS_KEEP_DONE_DAYS: '0' }, 'JOBS_KEEP_DONE_DAYS'],
    [{ JOBS_KEEP_DONE_DAYS: '366' }, 'JOBS_KEEP_DONE_DAYS'],
    [{ NODE_OFFLINE_AFTER_MIN: 'half an hour' }, 'NODE_OFFLINE_AFTER_MIN'],
    [{ NODE_OFFLINE_AFTER_MIN: '0' }, 'NODE_OFFLINE_AFTER_MIN'],
    [{ NODE_OFFLINE_AFTER_MIN: '1441' }, 'NODE_OFFLINE_AFTER_MIN'],
    [{ CLAIM_REMINDER_HOURS: '0' }, 'CLAIM_REMINDER_HOURS'],
    [{ CLAIM_REMINDER_HOURS: '24' }, 'CLAIM_REMINDER_HOURS'],
    [{ CLAIM_REMINDER_HOURS: '2.5' }, 'CLAIM_REMINDER_HOURS'],
    [{ EXPLORER_MIN_ACCOUNTS: 'five' }, 'EXPLORER_MIN_ACCOUNTS'],
    [{ EXPLORER_MIN_ACCOUNTS: '1' }, 'EXPLORER_MIN_ACCOUNTS'],
    [{ EXPLORER_MIN_ACCOUNTS: '2.5' }, 'EXPLORER_MIN_ACCOUNTS'],
    [{ OPEN_DATA_LICENSE: 'x'.repeat(101) }, 'OPEN_DATA_LICENSE'],
  ])('%j stops the start with a message naming %s', (env, name) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(name);
  });

  it('asks admins for a second factor unless ADMIN_REQUIRE_2FA is set off', () => {
    expect(parseEnv({}).ADMIN_REQUIRE_2FA).toBe(true);
    expect(parseEnv({ ADMIN_REQUIRE_2FA: '' }).ADMIN_REQUIRE_2FA).toBe(true);
    for (const on of ['true', '1', 'yes']) {
      expect(parseEnv({ ADMIN_REQUIRE_2FA: on }).ADMIN_REQUIRE_2FA).toBe(true);
    }
    for (const off of ['false', '0', 'no']) {
      expect(parseEnv({ ADMIN_REQUIRE_2FA: off }).ADMIN_REQUIRE_2FA).toBe(false);
    }
    expect(() => parseEnv({ ADMIN_REQUIRE_2FA: 'off' })).toThrow(
      /ADMIN_REQUIRE_2FA: must be true or false/,
    );
  });

  it('leaves METRICS_TOKEN unset by default and keeps one of 16 characters or more', () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: ' ' }).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: 'sixteen-chars-ok' }).METRICS_TOKEN).toBe('sixteen-chars-ok');
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16/,
    );
  });

  it('takes the VAPID key pair together or not at all, and a mailto: or https subject', () => {
    expect(parseEnv({}).VAPID_PUBLIC_KEY).toBeUndefined();
    const pair = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    expect(parseEnv(pair).VAPID_PRIVATE_KEY).toBe(pair.VAPID_PRIVATE_KEY);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/together/);
    expect(() => parseEnv({ ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(
      /VAPID_PRIVATE_KEY: must be a P-256 private key/,
    );
    expect(parseEnv({ VAPID_SUBJECT: 'mailto:ops@example.com' }).VAPID_SUBJECT).toBe(
      'mailto:ops@example.com',
    );
    expect(() => parseEnv({ VAPID_SUBJECT: 'http://example.com' })).toThrow(
      /VAPID_SUBJECT: must be a mailto: address or an https/,
    );
  });

  it('refuses TRUST_PROXY=true, saying why and what to write instead', () => {
    for (const TRUST_PROXY of ['true', 'TRUE', ' true ']) {
      expect(() => parseEnv({ TRUST_PROXY })).toThrow(ConfigError);
      expect(() => parseEnv({ TRUST_PROXY })).toThrow(
        `TRUST_PROXY: ${TRUST_PROXY_MESSAGES.trustsEveryone}`,
      );
    }
    expect(TRUST_PROXY_MESSAGES.trustsEveryone).toContain('TRUST_PROXY=1');
    expect(TRUST_PROXY_MESSAGES.trustsEveryone).toContain('TRUST_PROXY=127.0.0.1');
  });

  it('takes TRUST_PROXY as false, a hop count from 1 to 10, or proxy addresses and CIDRs', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10' }).TRUST_PROXY).toBe(10);
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY).toEqual(['127.0.0.1']);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, ::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each(['0', '11', 'yes', '1.5', '127.0.0.1,', '10.0.0.0/33', '::1/129', 'proxy.example', '*'])(
    'refuses TRUST_PROXY=%s at the start, naming what it takes',
    (TRUST_PROXY) => {
      expect(() => parseEnv({ TRUST_PROXY })).toThrow(
        `TRUST_PROXY: ${TRUST_PROXY_MESSAGES.invalid}`,
      );
    },
  );

  it('gives the quest links placeholders that a setting replaces', () => {
    expect(parseEnv({}).TELEGRAM_JOIN_INVITE_URL).toMatch(/^https:\/\/t\.me\//);
    expect(parseEnv({ YOUTUBE_SUBSCRIBE_URL: '' }).YOUTUBE_SUBSCRIBE_URL).toMatch(/youtube\.com/);
    expect(
      parseEnv({ TWITTER_RETWEET_VL_URL: 'https://x.com/acme/status/42' }).TWITTER_RETWEET_VL_URL,
    ).toBe('https://x.com/acme/status/42');
  });
});

describe('withDownloadExtensionId', () => {
  const DOWNLOAD_ID = 'gegbiohghfinjcbnlofdopdbbajbhfon';

  it('names the downloaded extension when neither an id nor a store page is set', () => {
    expect(withDownloadExtensionId(parseEnv({}), DOWNLOAD_ID).EXTENSION_ID).toBe(DOWNLOAD_ID);
  });

  it('leaves a set id, a store build and a missing download alone', () => {
    const own = 'abcdefghijklmnopabcdefghijklmnop';
    expect(withDownloadExtensionId(parseEnv({ EXTENSION_ID: own }), DOWNLOAD_ID).EXTENSION_ID).toBe(
      own,
    );
    const store = parseEnv({ EXTENSION_STORE_URL: 'https://store.example/netpulse' });
    expect(withDownloadExtensionId(store, DOWNLOAD_ID).EXTENSION_ID).toBeUndefined();
    expect(withDownloadExtensionId(parseEnv({}), undefined).EXTENSION_ID).toBeUndefined();
  });
});
