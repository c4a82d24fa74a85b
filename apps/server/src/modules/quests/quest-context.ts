import {
  QUEST_MESSAGE_TEMPLATES,
  QUEST_PLATFORM_NAMES,
  type QuestPlatform,
} from '@netpulse/shared';
import type { FastifyInstance } from 'fastify';
import { unavailable } from '../../lib/http-error.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { SealedBox } from '../../lib/sealed-box.ts';
import { createSocialPlatforms, type SocialPlatforms } from '../../providers/social/index.ts';
import { text } from '../../lib/server-intl.ts';

/** What the quest services work with: the app's parts, the platform clients, the token box. */
export interface QuestContext extends Pick<FastifyInstance, 'db' | 'clock' | 'config'> {
  platforms: SocialPlatforms;
  /** Seals the platform tokens kept for the later checks. */
  box: SealedBox;
}

/** Each platform call costs a platform's quota; this keeps one person from turning us into a proxy. */
export const PLATFORM_RATE_LIMIT = rateLimit(30, '1 minute');

/** The quest services' context of this app: its platform clients and its token box. */
export function questContextOf(app: FastifyInstance): QuestContext {
  return {
    db: app.db,
    clock: app.clock,
    config: app.config,
    platforms: createSocialPlatforms(app.config),
    box: new SealedBox(app.authSecret, 'social-tokens'),
  };
}

type ClientPlatform = keyof SocialPlatforms;

/** The platform's client, or 503 "<Platform> is not configured on this server". */
export function clientOf<P extends ClientPlatform>(
  context: QuestContext,
  platform: P,
): NonNullable<SocialPlatforms[P]> {
  const client = context.platforms[platform];
  if (!client)
    throw unavailable(
      text(QUEST_MESSAGE_TEMPLATES.notConfigured, { platform: QUEST_PLATFORM_NAMES[platform] }),
    );
  return client as NonNullable<SocialPlatforms[P]>;
}

export const platformName = (platform: QuestPlatform) => QUEST_PLATFORM_NAMES[platform];
