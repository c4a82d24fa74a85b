import { z } from 'zod';
import { youtubeChannelSchema } from './youtube-channel.ts';

const required = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, { error: `${name} is required` })
    .max(512);

/**
 * The one-time `state` a platform login carries from its start to the link call
 * (docs/ARCHITECTURE.md section 6): issued by the server to the signed-in session.
 */
const loginState = z
  .string({ error: 'state is required' })
  .min(1, { error: 'state is required' })
  .max(128);

/** POST /v1/api/auth/social/state: which platform's login is about to start. */
export const socialStateRequestSchema = z.object({
  platform: z.enum(['x', 'discord', 'telegram', 'youtube']),
});
export type SocialStateRequest = z.infer<typeof socialStateRequestSchema>;
export const socialStateSchema = z.object({ state: z.string() });

/**
 * POST /v1/api/auth/twitter/link: what the X login handed the browser (the
 * query parameters of the return to /quests). The tokens are checked with X;
 * the id is only compared with what X answers.
 */
export const xLinkRequestSchema = z.object({
  id: required('id'),
  username: required('username'),
  displayName: z.string().max(512).optional(),
  photos: z.string().max(2048).optional(),
  provider: z.string().max(32).optional(),
  oauth_token: required('oauth_token'),
  oauth_token_secret: required('oauth_token_secret'),
  state: loginState,
});
export type XLinkRequest = z.infer<typeof xLinkRequestSchema>;

/** POST /v1/api/auth/discord/link: the Discord login's user and its access token, checked with Discord. */
export const discordLinkRequestSchema = z.object({
  id: required('id'),
  username: required('username'),
  avatar: z.string().max(512).nullable().optional(),
  provider: z.string().max(32).optional(),
  discordAccessToken: required('discordAccessToken'),
  state: loginState,
});
export type DiscordLinkRequest = z.infer<typeof discordLinkRequestSchema>;

/**
 * POST /v1/api/auth/telegram/link: the Telegram login widget's result, signed
 * by Telegram with the bot token (checked on the server).
 */
export const telegramLinkRequestSchema = z.object({
  id: z.number({ error: 'id must be a number' }).int().positive(),
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  username: z.string().max(256).optional(),
  photo_url: z.string().max(2048).optional(),
  auth_date: z.number({ error: 'auth_date must be a number' }).int().positive(),
  hash: z
    .string({ error: 'hash is required' })
    .regex(/^[0-9a-f]{64}$/, { error: 'hash must be 64 hex digits' }),
  state: loginState,
});
export type TelegramLinkRequest = z.infer<typeof telegramLinkRequestSchema>;

/** A linked social account, as the link calls answer it. */
export const linkedAccountSchema = z.object({
  platform: z.enum(['x', 'discord', 'telegram']),
  accountId: z.string(),
  username: z.string(),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

/**
 * The body of POST /auth/youtube/check: with the YouTube Data API configured, the
 * Google access token the YouTube sign-in handed back; without it, the channel the
 * person subscribed with, which an operator looks up (required there by the server).
 */
export const youtubeCheckRequestSchema = z
  .object({
    accessToken: z.string().min(1).max(2048).optional(),
    /** The sign-in's state, with the access token it handed back. */
    state: loginState.optional(),
    /** The person's channel, as `@handle` or channel id once read. */
    channel: youtubeChannelSchema.optional(),
  })
  // A POST without a body arrives as null.
  .nullish();
export type YoutubeCheckRequest = z.infer<typeof youtubeCheckRequestSchema>;

/**
 * The answer of every verify call: whether the step is now done. Membership
 * checks (Discord server, X follows) also answer isMember; name checks answer
 * when the keep-name timer ends (null when it is not running).
 */
export const questCheckSchema = z.object({
  verified: z.boolean(),
  isMember: z.boolean().optional(),
  nameVerifyTime: z.string().nullable().optional(),
});
export type QuestCheck = z.infer<typeof questCheckSchema>;
