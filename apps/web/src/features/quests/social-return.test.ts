import {
  discordLinkRequestSchema,
  telegramLinkRequestSchema,
  xLinkRequestSchema,
} from '@netpulse/shared';
import { describe, expect, it } from 'vitest';
import { parseSocialReturn, parseYoutubeReturn } from './social-return';

const HASH = 'a'.repeat(64);

describe('parseSocialReturn', () => {
  it('is null for a plain /quests and for unrelated parameters', () => {
    expect(parseSocialReturn('')).toBeNull();
    expect(parseSocialReturn('?tab=social')).toBeNull();
    expect(parseSocialReturn('?id=1&username=bob')).toBeNull();
    expect(parseSocialReturn('?provider=github&id=1')).toBeNull();
  });

  it('reads the return from X into the link body', () => {
    const search =
      '?id=1234&username=alice_x&displayName=Alice%20Netpulse&photos=https%3A%2F%2Fpbs.example%2Fa.jpg' +
      '&provider=twitter&oauth_token=tok&oauth_token_secret=sec&state=st8';
    const result = parseSocialReturn(search);
    expect(result).toEqual({
      platform: 'x',
      body: {
        id: '1234',
        username: 'alice_x',
        displayName: 'Alice Netpulse',
        photos: 'https://pbs.example/a.jpg',
        provider: 'twitter',
        oauth_token: 'tok',
        oauth_token_secret: 'sec',
        state: 'st8',
      },
    });
    expect(xLinkRequestSchema.safeParse(result?.body).success).toBe(true);
  });

  it('leaves out what X did not send, and ignores Discord-only fields', () => {
    const result = parseSocialReturn(
      new URLSearchParams({
        provider: 'twitter',
        id: '1',
        username: 'a',
        displayName: '',
        accessToken: 'not-for-x',
        oauth_token: 't',
        oauth_token_secret: 's',
        state: 'st8',
      }),
    );
    expect(result?.body).toEqual({
      id: '1',
      username: 'a',
      provider: 'twitter',
      oauth_token: 't',
      oauth_token_secret: 's',
      state: 'st8',
    });
  });

  it.each(['oauth_token', 'oauth_token_secret', 'id', 'username', 'state'])(
    'an X return without %s is a failed link (no body)',
    (missing) => {
      const query = new URLSearchParams({
        provider: 'twitter',
        id: '1',
        username: 'a',
        oauth_token: 't',
        oauth_token_secret: 's',
        state: 'st8',
      });
      query.delete(missing);
      expect(parseSocialReturn(query)).toEqual({ platform: 'x', body: null });
    },
  );

  it('reads the return from Discord: the access token goes as discordAccessToken', () => {
    const result = parseSocialReturn(
      '?id=80351110224678912&username=nelly&avatar=8342729096ea3675442027381ff50dfe&provider=discord&accessToken=abc.def&state=st8',
    );
    expect(result).toEqual({
      platform: 'discord',
      body: {
        id: '80351110224678912',
        username: 'nelly',
        avatar: '8342729096ea3675442027381ff50dfe',
        provider: 'discord',
        discordAccessToken: 'abc.def',
        state: 'st8',
      },
    });
    expect(discordLinkRequestSchema.safeParse(result?.body).success).toBe(true);
  });

  it('a Discord user without an avatar links without one', () => {
    const result = parseSocialReturn(
      '?id=1&username=n&avatar=&provider=discord&accessToken=t&state=st8',
    );
    expect(result?.body).toEqual({
      id: '1',
      username: 'n',
      provider: 'discord',
      discordAccessToken: 't',
      state: 'st8',
    });
  });

  it.each(['accessToken', 'id', 'username', 'state'])(
    'a Discord return without %s is a failed link',
    (missing) => {
      const query = new URLSearchParams({
        provider: 'discord',
        id: '1',
        username: 'n',
        accessToken: 't',
        state: 'st8',
      });
      query.delete(missing);
      expect(parseSocialReturn(query)).toEqual({ platform: 'discord', body: null });
    },
  );

  it("reads Telegram's widget redirect, with the numbers as numbers", () => {
    const result = parseSocialReturn(
      `?id=987654321&first_name=Ann&last_name=Lee&username=annlee&photo_url=https%3A%2F%2Ft.me%2Fi%2Fa.jpg&auth_date=1767225600&hash=${HASH}&state=st8`,
    );
    expect(result).toEqual({
      platform: 'telegram',
      body: {
        id: 987654321,
        first_name: 'Ann',
        last_name: 'Lee',
        username: 'annlee',
        photo_url: 'https://t.me/i/a.jpg',
        auth_date: 1767225600,
        hash: HASH,
        state: 'st8',
      },
    });
    expect(telegramLinkRequestSchema.safeParse(result?.body).success).toBe(true);
  });

  it('a Telegram user with only a first name sends only that', () => {
    const result = parseSocialReturn(
      `?id=5&first_name=Ann&auth_date=1767225600&hash=${HASH}&state=st8`,
    );
    expect(result?.body).toEqual({
      id: 5,
      first_name: 'Ann',
      auth_date: 1767225600,
      hash: HASH,
      state: 'st8',
    });
  });

  it.each([
    ['a non-numeric id', `?id=abc&auth_date=1767225600&hash=${HASH}`],
    ['a negative id', `?id=-5&auth_date=1767225600&hash=${HASH}`],
    ['a fractional date', `?id=5&auth_date=17.5&hash=${HASH}`],
    ['an empty hash', '?id=5&auth_date=1767225600&hash='],
    ['a zero id', `?id=0&auth_date=1767225600&hash=${HASH}`],
    ['no state (a login this page did not start)', `?id=5&auth_date=1767225600&hash=${HASH}`],
  ])('a Telegram return with %s is a failed link', (_case, search) => {
    expect(parseSocialReturn(search)).toEqual({ platform: 'telegram', body: null });
  });
});

describe('parseYoutubeReturn', () => {
  it('reads the access token and state of a YouTube sign-in', () => {
    expect(parseYoutubeReturn('?provider=youtube&accessToken=ya29.abc&state=st8')).toEqual({
      check: { accessToken: 'ya29.abc', state: 'st8' },
    });
  });

  it('is a failed sign-in without a token or state, and nothing for other addresses', () => {
    expect(parseYoutubeReturn('?provider=youtube&accessToken=&state=st8')).toEqual({
      check: null,
    });
    expect(parseYoutubeReturn('?provider=youtube&accessToken=ya29.abc')).toEqual({ check: null });
    expect(parseYoutubeReturn('?provider=discord&accessToken=t')).toBeNull();
    expect(parseYoutubeReturn('')).toBeNull();
  });

  it('is not read as a link return', () => {
    expect(parseSocialReturn('?provider=youtube&accessToken=ya29.abc')).toBeNull();
  });
});
