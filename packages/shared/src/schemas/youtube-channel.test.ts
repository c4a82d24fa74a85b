import { describe, expect, it } from 'vitest';
import { QUEST_MESSAGES } from '../messages.ts';
import { youtubeCheckRequestSchema } from './quests.ts';
import { youtubeChannelOf, youtubeChannelSchema, youtubeChannelUrl } from './youtube-channel.ts';

const CHANNEL_ID = 'UC_x5XG1OV2P6uZZ5FSM9Ttw';

const messageOf = (input: unknown) => {
  const result = youtubeChannelSchema.safeParse(input);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('youtubeChannelOf', () => {
  it('reads a handle and every address of it as the @handle', () => {
    for (const text of [
      '@Netpulse.fan',
      '  @Netpulse.fan ',
      'https://www.youtube.com/@Netpulse.fan',
      'http://youtube.com/@Netpulse.fan/videos',
      'youtube.com/@Netpulse.fan?si=abc',
      'www.youtube.com/@Netpulse.fan',
      'https://m.youtube.com/@Netpulse.fan/',
      'HTTPS://WWW.YOUTUBE.COM/@Netpulse.fan',
      'https://www.youtube.com/@Netpulse.fan#about',
    ]) {
      expect(youtubeChannelOf(text), text).toBe('@Netpulse.fan');
    }
  });

  it('reads a channel id and its /channel/ address as the id', () => {
    expect(youtubeChannelOf(CHANNEL_ID)).toBe(CHANNEL_ID);
    expect(youtubeChannelOf(`https://www.youtube.com/channel/${CHANNEL_ID}`)).toBe(CHANNEL_ID);
    expect(youtubeChannelOf(`youtube.com/channel/${CHANNEL_ID}/featured`)).toBe(CHANNEL_ID);
  });

  it('takes handles in other scripts, typed or percent-encoded in an address', () => {
    expect(youtubeChannelOf('@пульс_сети')).toBe('@пульс_сети');
    expect(youtubeChannelOf(`https://www.youtube.com/${encodeURIComponent('@пульс_сети')}`)).toBe(
      '@пульс_сети',
    );
  });

  it('refuses what names no channel: other sites, old custom addresses, bad handles and ids', () => {
    for (const text of [
      'netpulse',
      '@ab',
      `@${'a'.repeat(31)}`,
      '@net pulse',
      '@net/pulse',
      'https://www.youtube.com/c/Netpulse',
      'https://www.youtube.com/user/netpulse',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/channel/UC123',
      'https://evil.example/@Netpulse',
      'https://www.youtube.com.evil.example/@Netpulse',
      'https://user@www.youtube.com/@Netpulse',
      'https://www.youtube.com:8080/@Netpulse',
      'ftp://www.youtube.com/@Netpulse',
      'javascript:alert(1)',
      'UC_x5XG1OV2P6uZZ5FSM9Tt',
    ]) {
      expect(youtubeChannelOf(text), text).toBeNull();
    }
  });
});

describe('youtubeChannelUrl', () => {
  it('links a handle and a channel id to their pages on YouTube', () => {
    expect(youtubeChannelUrl('@Netpulse.fan')).toBe('https://www.youtube.com/@Netpulse.fan');
    expect(youtubeChannelUrl(CHANNEL_ID)).toBe(`https://www.youtube.com/channel/${CHANNEL_ID}`);
  });

  it('links back to the channel it was read from', () => {
    for (const channel of ['@пульс_сети', '@a-b_c.d', CHANNEL_ID]) {
      expect(youtubeChannelOf(youtubeChannelUrl(channel))).toBe(channel);
    }
  });
});

describe('youtubeChannelSchema', () => {
  it('gives the one form of the channel', () => {
    expect(youtubeChannelSchema.parse(' https://www.youtube.com/@netpulse ')).toBe('@netpulse');
  });

  it('asks for a channel when none is typed, and names the forms it takes for a bad one', () => {
    expect(messageOf('')).toEqual([QUEST_MESSAGES.youtubeChannelRequired]);
    expect(messageOf('   ')).toEqual([QUEST_MESSAGES.youtubeChannelRequired]);
    expect(messageOf(undefined)).toEqual([QUEST_MESSAGES.youtubeChannelRequired]);
    expect(messageOf('my channel')).toEqual([QUEST_MESSAGES.youtubeChannelInvalid]);
    expect(messageOf(`@${'a'.repeat(600)}`)).toEqual([QUEST_MESSAGES.youtubeChannelInvalid]);
  });

  it('is the check body’s channel field, which may be left out', () => {
    expect(youtubeCheckRequestSchema.parse({ channel: 'youtube.com/@netpulse' })).toEqual({
      channel: '@netpulse',
    });
    expect(youtubeCheckRequestSchema.parse(null)).toBeNull();
    const refused = youtubeCheckRequestSchema.safeParse({ channel: 'netpulse' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['channel', QUEST_MESSAGES.youtubeChannelInvalid],
    ]);
  });
});
