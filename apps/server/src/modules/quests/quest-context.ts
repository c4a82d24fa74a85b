import { QUEST_MESSAGES, QUEST_PLATFORM_NAMES, type QuestPlatform } from '@netpulse/shared';
import type { FastifyInstance } from 'fastify';
import { unavailable } from '../../lib/http-error.ts';
import type { SealedBox } from '../../lib/sealed-box.ts';
import type { SocialPlatforms } from '../../providers/social/index.ts';

/** What the quest services work with: the app's parts, the platform clients, the token box. */
export interface QuestContext extends Pick<FastifyInstance, 'db' | 'clock' | 'config'> {
  platforms: SocialPlatforms;
  /** Seals the platform tokens kept for the later checks. */
  box: SealedBox;
}

type ClientPlatform = keyof SocialPlatforms;

/** The platform's client, or 503 "<Platform> is not configured on this server". */
export function clientOf<P extends ClientPlatform>(
  context: QuestContext,
  platform: P,
): NonNullable<SocialPlatforms[P]> {
  const client = context.platforms[platform];
  if (!client) throw unavailable(QUEST_MESSAGES.notConfigured(QUEST_PLATFORM_NAMES[platform]));
  return client as NonNullable<SocialPlatforms[P]>;
}

export const platformName = (platform: QuestPlatform) => QUEST_PLATFORM_NAMES[platform];
