/**
 * Calls to the social platforms' APIs: a time limit, and a 502 with a message a
 * person understands when the platform cannot be reached or answers nonsense,
 * so a platform outage never turns into a 500 or a hung request.
 */
import {
  QUEST_MESSAGE_TEMPLATES,
  QUEST_PLATFORM_NAMES,
  type QuestPlatform,
} from '@netpulse/shared';
import { HttpError } from '../../lib/http-error.ts';
import { text } from '../../lib/server-intl.ts';

const PLATFORM_TIMEOUT_MS = 8_000;

export interface PlatformAnswer {
  status: number;
  /** The body as text; parse it with the helpers below. */
  text: string;
}

export function platformUnavailable(platform: QuestPlatform): HttpError {
  return new HttpError(
    502,
    text(QUEST_MESSAGE_TEMPLATES.platformUnavailable, { platform: QUEST_PLATFORM_NAMES[platform] }),
  );
}

/** True when `text` can be sent in an HTTP header: visible ASCII and spaces only. */
export function isHeaderSafe(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

export async function callPlatform(
  platform: QuestPlatform,
  url: string,
  init: RequestInit = {},
): Promise<PlatformAnswer> {
  try {
    const response = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
    return { status: response.status, text: await response.text() };
  } catch {
    throw platformUnavailable(platform);
  }
}

/** The JSON of a 2xx answer; anything else is the platform failing us. */
export function jsonOf<T>(platform: QuestPlatform, answer: PlatformAnswer): T {
  if (answer.status < 200 || answer.status >= 300) throw platformUnavailable(platform);
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw platformUnavailable(platform);
  }
}
