import {
  CLAIM_TOASTS,
  QUEST_MESSAGES,
  QUEST_TOASTS,
  type Envelope,
  type QuestCheck,
} from '@netpulse/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { testProfile } from '@testing/test-profile';
import {
  claimErrorToast,
  linkErrorToast,
  verifyAnswerToast,
  verifyErrorToast,
  verifyFailureText,
} from './quest-toasts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const answer = (message: string, data: QuestCheck): Envelope<QuestCheck> => ({
  success: true,
  message,
  data,
});

describe('verifyAnswerToast', () => {
  it('a verified answer shows the server message', () => {
    expect(
      verifyAnswerToast(
        'discordJoin',
        answer('Verified!', { verified: true, isMember: true }),
        undefined,
        NOW,
      ),
    ).toEqual({ kind: 'success', text: 'Verified!' });
  });

  it("X's connect verify reads 'Twitter verify successful!'", () => {
    expect(
      verifyAnswerToast('xConnect', answer('Verified!', { verified: true }), undefined, NOW),
    ).toEqual({ kind: 'success', text: QUEST_TOASTS.twitterVerifySuccess });
  });

  it('a verified answer without a message still says so', () => {
    expect(verifyAnswerToast('xFollow', answer('', { verified: true }), undefined, NOW)).toEqual({
      kind: 'success',
      text: QUEST_MESSAGES.verified,
    });
  });

  it('not verified: the message says why, as an error', () => {
    const text = 'We could not find you there yet on Discord. Try again once you have joined.';
    expect(
      verifyAnswerToast(
        'discordJoin',
        answer(text, { verified: false, isMember: false }),
        undefined,
        NOW,
      ),
    ).toEqual({ kind: 'error', text });
  });

  it('not verified and no message: the platform failure text', () => {
    expect(verifyAnswerToast('xRetweet', answer(' ', { verified: false }), undefined, NOW)).toEqual(
      {
        kind: 'error',
        text: QUEST_TOASTS.verifyFailure.x,
      },
    );
  });

  it('a check that started the keep-name timer is information, not an error', () => {
    const text = 'Keep Netpulse in your X name for 24 hours, then verify again.';
    const started = answer(text, {
      verified: false,
      nameVerifyTime: new Date(NOW + 60_000).toISOString(),
    });
    expect(verifyAnswerToast('xName', started, undefined, NOW)).toEqual({ kind: 'info', text });
    const missing = answer('Add Netpulse to your X name first.', {
      verified: false,
      nameVerifyTime: null,
    });
    expect(verifyAnswerToast('xName', missing, undefined, NOW).kind).toBe('error');
  });

  it("YouTube's review is information; a refusal is an error", () => {
    const verifying = answer(QUEST_MESSAGES.youtubeVerifying, { verified: false });
    expect(
      verifyAnswerToast(
        'youtubeSubscribe',
        verifying,
        testProfile({ is_youtube_verifying: 'true' }),
        NOW,
      ),
    ).toEqual({ kind: 'info', text: QUEST_MESSAGES.youtubeVerifying });
    expect(
      verifyAnswerToast(
        'youtubeSubscribe',
        answer('Not subscribed', { verified: false }),
        testProfile(),
        NOW,
      ),
    ).toEqual({ kind: 'error', text: 'Not subscribed' });
  });
});

describe('failure toasts', () => {
  const unreachable = new TypeError('Failed to fetch');
  const noEnvelope = new ApiError(502, null);
  const withMessage = new ApiError(503, {
    success: false,
    message: 'X is not configured on this server',
  });

  it('verify: the server message, else the platform text (name quests their own)', () => {
    expect(verifyErrorToast('xFollow', withMessage).text).toBe(
      'X is not configured on this server',
    );
    expect(verifyErrorToast('discordJoin', unreachable).text).toBe(
      QUEST_TOASTS.verifyFailure.discord,
    );
    expect(verifyErrorToast('youtubeSubscribe', noEnvelope).text).toBe(
      QUEST_TOASTS.verifyFailure.youtube,
    );
    expect(verifyErrorToast('telegramName', noEnvelope).text).toBe(
      QUEST_TOASTS.nameVerifyFailure.telegram,
    );
    expect(verifyFailureText('xName')).toBe(QUEST_TOASTS.nameVerifyFailure.x);
    expect(verifyFailureText('xConnect')).toBe(QUEST_TOASTS.verifyFailure.x);
  });

  it('claim: the server message, else the claim failure', () => {
    const conflict = new ApiError(409, { success: false, message: QUEST_MESSAGES.alreadyClaimed });
    expect(claimErrorToast(conflict)).toEqual({
      kind: 'error',
      text: QUEST_MESSAGES.alreadyClaimed,
    });
    expect(claimErrorToast(unreachable).text).toBe(CLAIM_TOASTS.claimFailure);
    expect(claimErrorToast(noEnvelope).text).toBe(CLAIM_TOASTS.claimFailure);
  });

  it('link: the server message, else the platform link failure', () => {
    expect(linkErrorToast('discord', withMessage).text).toBe('X is not configured on this server');
    expect(linkErrorToast('x', unreachable).text).toBe(QUEST_TOASTS.linkFailure.x);
    expect(linkErrorToast('telegram', noEnvelope).text).toBe(QUEST_TOASTS.linkFailure.telegram);
  });
});
