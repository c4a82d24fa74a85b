import { z } from 'zod';
import { QUEST_MESSAGES } from '../messages.ts';

/** The longest text the channel field takes before it is read (a channel address with its query). */
export const YOUTUBE_CHANNEL_INPUT_MAX = 512;

/** A handle as YouTube allows it: 3 to 30 letters or digits of any script, `_`, `-` or `.`. */
const HANDLE = /^@[\p{L}\p{M}\p{N}._-]{3,30}$/u;
/** A channel id: `UC` and 22 characters of base64url. */
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
/** A YouTube address, its scheme and `www.` or `m.` optional: the path is the first group. */
const YOUTUBE_ADDRESS = /^(?:https?:\/\/)?(?:www\.|m\.)?youtube\.com(\/[^?#]*)?(?:[?#].*)?$/i;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path segments of a YouTube address, or null for text that is no YouTube address. */
function youtubePathOf(text: string): string[] | null {
  const match = YOUTUBE_ADDRESS.exec(text);
  if (!match) return null;
  return (match[1] ?? '').split('/').filter(Boolean).map(decoded);
}

/**
 * The channel a person names, in one form: its `@handle`, or its channel id
 * (`UC…`) when they give a /channel/ address. Takes a handle (`@name`), a
 * channel id, or an address (`https://www.youtube.com/@name`, `youtube.com/channel/UC…`,
 * with or without `www.`, `m.`, a tab such as `/videos` or a query). A handle keeps
 * the case it was typed in: YouTube reads handles in any case. Null for anything else,
 * such as the old `/c/` and `/user/` addresses, which name no handle or id.
 */
export function youtubeChannelOf(text: string): string | null {
  const trimmed = text.trim();
  if (HANDLE.test(trimmed) || CHANNEL_ID.test(trimmed)) return trimmed;
  const [first, second] = youtubePathOf(trimmed) ?? [];
  if (first !== undefined && HANDLE.test(first)) return first;
  if (first === 'channel' && second !== undefined && CHANNEL_ID.test(second)) return second;
  return null;
}

/** The address of a channel kept as `youtubeChannelOf` gives it. */
export function youtubeChannelUrl(channel: string): string {
  return channel.startsWith('@')
    ? `https://www.youtube.com/@${encodeURIComponent(channel.slice(1))}`
    : `https://www.youtube.com/channel/${encodeURIComponent(channel)}`;
}

/**
 * The channel field of the YouTube check: what the person typed, checked and
 * turned into the one form `youtubeChannelOf` gives (the web form and the server
 * read it alike).
 */
export const youtubeChannelSchema = z
  .string({ error: QUEST_MESSAGES.youtubeChannelRequired })
  .trim()
  .min(1, { error: QUEST_MESSAGES.youtubeChannelRequired })
  .max(YOUTUBE_CHANNEL_INPUT_MAX, { error: QUEST_MESSAGES.youtubeChannelInvalid })
  .transform((text, ctx) => {
    const channel = youtubeChannelOf(text);
    if (channel === null) {
      ctx.issues.push({
        code: 'custom',
        message: QUEST_MESSAGES.youtubeChannelInvalid,
        input: text,
      });
      return z.NEVER;
    }
    return channel;
  });

/** The form that asks for the channel before a check an operator makes. */
export const youtubeChannelFormSchema = z.object({ channel: youtubeChannelSchema });
export type YoutubeChannelForm = z.input<typeof youtubeChannelFormSchema>;
