// @vitest-environment happy-dom
import { QUEST_MESSAGES, SOCIAL_QUESTS } from '@netpulse/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserProfile } from '@/api/get-user-profile';
import { profileKeys } from '@/api/query-keys';
import { toast } from '@/lib/toast';
import { testProfile } from '@testing/test-profile';
import { SocialQuestItem, type SocialQuestItemProps } from './social-quest-item';
import { renderInApp, testQueryClient } from '@testing/render-in-app';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const CONSTANTS = {
  STREAK_BONUS_POINTS: {},
  REFERRAL_QUEST_POINTS: {},
  DISCORD_JOIN_INVITE_URL: 'https://discord.example/invite',
  TWITTER_JOIN_INVITE_URL: 'https://x.example/netpulse',
  TELEGRAM_JOIN_INVITE_URL: 'https://t.example/netpulse',
  TWITTER_FOUNDER_INVITE_URL: 'https://x.example/founder',
  TWITTER_RETWEET_VL_URL: 'https://x.example/status/1',
  YOUTUBE_SUBSCRIBE_URL: 'https://youtube.example/@netpulse',
};

type Answer = { status?: number; body: unknown };
/** Answers by "METHOD /path"; a request nobody expected fails the test. */
function stubApi(answers: Record<string, Answer | (() => Promise<Answer>)>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    calls.push({
      method,
      path,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    const answer = answers[`${method} ${path}`];
    if (!answer) throw new Error(`Unexpected ${method} ${path}`);
    const { status = 200, body } = typeof answer === 'function' ? await answer() : answer;
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** Passes the cached profile down as the screen does, so a refetch shows at once. */
function Harness(props: SocialQuestItemProps) {
  const { data: profile = props.profile } = useUserProfile();
  return (
    <ul>
      <SocialQuestItem {...props} profile={profile} />
    </ul>
  );
}

function renderQuest(
  props: Partial<SocialQuestItemProps> & Pick<SocialQuestItemProps, 'questKey'>,
) {
  // The profile as the app holds it once read: fresh for the whole test.
  const queryClient = testQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const profile = props.profile ?? testProfile();
  queryClient.setQueryData(profileKeys.all, profile);
  const view = renderInApp(
    <Harness
      profile={profile}
      constants={CONSTANTS}
      available
      now={NOW}
      productName="Netpulse"
      telegramBotUsername="netpulse_bot"
      {...props}
    />,
    { client: queryClient },
  );
  const quest = within(screen.getByTestId(`quest-${props.questKey}`));
  return { view, quest, queryClient };
}

// Telegram's widget script is not fetched in these tests; its element is what they check.
const happyDom = (window as unknown as { happyDOM?: { settings: Record<string, unknown> } })
  .happyDOM;
if (happyDom) happyDom.settings.handleDisabledFileLoadingAsSuccess = true;

beforeEach(() => {
  // Links to other sites open nothing in these tests; React still sees the click.
  document.addEventListener('click', preventNavigation);
});
afterEach(() => {
  document.removeEventListener('click', preventNavigation);
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
function preventNavigation(event: Event) {
  if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
}

const envelope = (data: unknown, message = 'OK') => ({ success: true, message, data });

describe('a join quest', () => {
  const connected = testProfile({ is_discord_connected: true });

  it('offers Join; Verify turns active only once the link was opened, and stays so after a reload', () => {
    const { quest, view } = renderQuest({ questKey: 'discordJoin', profile: connected });
    const join = quest.getByRole('link', { name: /^Join/ });
    expect(join.getAttribute('href')).toBe(CONSTANTS.DISCORD_JOIN_INVITE_URL);
    expect(join.getAttribute('target')).toBe('_blank');
    expect(join.getAttribute('rel')).toContain('noopener');
    expect(quest.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true);
    expect(quest.getByRole('button', { name: 'Claim' })).toHaveProperty('disabled', true);

    fireEvent.click(join);
    expect(quest.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', false);

    view.unmount();
    const again = renderQuest({ questKey: 'discordJoin', profile: connected });
    expect(again.quest.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', false);
  });

  it('Verify calls the check; while it runs nothing can be pressed; then Joined and Claim', async () => {
    sessionStorage.setItem('netpulse.questLinkOpened.alice.discordJoin', 'true');
    let answerCheck: (answer: Answer) => void = () => {};
    const joined = testProfile({ is_discord_connected: true, is_discord_joined: true });
    const calls = stubApi({
      'GET /v1/api/auth/discord/check': () => new Promise((resolve) => (answerCheck = resolve)),
      'GET /v1/api/auth/profile': { body: envelope(joined) },
    });
    const { quest } = renderQuest({ questKey: 'discordJoin', profile: connected });

    fireEvent.click(quest.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(quest.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true),
    );
    // A second press while it runs does nothing.
    fireEvent.click(quest.getByRole('button', { name: 'Verify' }));
    expect(calls.filter((call) => call.path.endsWith('/check'))).toHaveLength(1);
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/v1/api/auth/discord/check',
      body: undefined,
    });

    await act(async () =>
      answerCheck({ body: envelope({ verified: true, isMember: true }, 'Verified!') }),
    );
    await waitFor(() => expect(quest.getByText('Joined')).toBeTruthy());
    expect(quest.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(quest.getByRole('button', { name: 'Claim' })).toHaveProperty('disabled', false);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v1/api/auth/discord/check',
      'GET /v1/api/auth/profile',
    ]);
  });

  it('Claim posts the claim call with no body and refetches the profile', async () => {
    const joined = testProfile({ is_discord_connected: true, is_discord_joined: true });
    const calls = stubApi({
      'POST /v1/api/claim-discord-joined-bonus': {
        body: envelope({ points_earned: 1000, transaction_id: 't1' }),
      },
      'GET /v1/api/auth/profile': {
        body: envelope({ ...joined, is_discord_join_claimed: true, points: 1000 }),
      },
    });
    const { quest } = renderQuest({ questKey: 'discordJoin', profile: joined });
    fireEvent.click(quest.getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: `/v1/api${SOCIAL_QUESTS.discordJoin.claimPath}`,
      body: undefined,
    });
    expect(calls[1]?.path).toBe('/v1/api/auth/profile');
  });

  it('waits for the account to be connected', () => {
    const { quest } = renderQuest({ questKey: 'discordJoin' });
    expect(quest.getByText('Connect your Discord account first')).toBeTruthy();
    expect(quest.queryByRole('link')).toBeNull();
    expect(quest.queryByRole('button', { name: 'Verify' })).toBeNull();
  });
});

describe('connect quests', () => {
  const stateAnswer = (state: string) => ({
    'POST /v1/api/auth/social/state': { body: { success: true, message: 'OK', data: { state } } },
  });
  /** window.open as the browser does it: a blank tab first, which the page then sends on. */
  function stubNewTab() {
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    return { open, tab };
  }

  it('X: Connect opens the login in a new tab, with a state issued to this session', async () => {
    const calls = stubApi(stateAnswer('st-x'));
    const { open, tab } = stubNewTab();
    const { quest } = renderQuest({ questKey: 'xConnect' });
    fireEvent.click(quest.getByRole('button', { name: 'Connect' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('/v1/api/auth/twitter/login?state=st-x'));
    expect(tab.opener).toBeNull();
    expect(calls).toEqual([
      { method: 'POST', path: '/v1/api/auth/social/state', body: { platform: 'x' } },
    ]);
  });

  it('X: without a state the new tab closes and the link failure shows', async () => {
    stubApi({ 'POST /v1/api/auth/social/state': { status: 500, body: {} } });
    const { tab } = stubNewTab();
    const { quest } = renderQuest({ questKey: 'xConnect' });
    fireEvent.click(quest.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('about:blank');
  });

  it('Discord: Connect opens the login in a new tab; linked, it reads Connected', async () => {
    stubApi(stateAnswer('st-d'));
    const { tab } = stubNewTab();
    const { quest, view } = renderQuest({ questKey: 'discordConnect' });
    fireEvent.click(quest.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(tab.location.href).toBe('/v1/api/auth/discord/login?state=st-d'));
    view.unmount();
    const linked = renderQuest({
      questKey: 'discordConnect',
      profile: testProfile({ is_discord_connected: true }),
    });
    expect(linked.quest.getByText('Connected')).toBeTruthy();
    expect(linked.quest.getByRole('button', { name: 'Claim' })).toHaveProperty('disabled', false);
  });

  it("Telegram: the login widget's script, in redirect mode back to /quests with a state", async () => {
    stubApi(stateAnswer('st-t'));
    const { quest } = renderQuest({ questKey: 'telegramConnect' });
    const widget = quest.getByTestId('telegram-login-widget');
    await waitFor(() => expect(widget.querySelector('script')).not.toBeNull());
    const script = widget.querySelector('script');
    expect(script?.getAttribute('src')).toBe('https://telegram.org/js/telegram-widget.js?22');
    expect(script?.dataset).toMatchObject({
      telegramLogin: 'netpulse_bot',
      authUrl: `${window.location.origin}/quests?state=st-t`,
      requestAccess: 'write',
      lang: 'en',
    });
  });

  it('an unconfigured platform is shown as not available and calls nothing', () => {
    const calls = stubApi({});
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { quest } = renderQuest({ questKey: 'telegramConnect', available: false });
    expect(quest.getByText('Not available yet')).toBeTruthy();
    expect(quest.queryByTestId('telegram-login-widget')).toBeNull();
    for (const button of quest.getAllByRole('button')) {
      expect(button).toHaveProperty('disabled', true);
      fireEvent.click(button);
    }
    expect(calls).toEqual([]);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('name and YouTube quests', () => {
  it("a running keep-name timer reads 'Keep name for …' and Verify waits", () => {
    const profile = testProfile({
      is_x_connected: true,
      x_name_verify_time: new Date(NOW + 3_723_000).toISOString(),
    });
    const { quest } = renderQuest({ questKey: 'xName', profile });
    expect(quest.getByRole('timer').textContent).toBe('Keep name for 1h 2m 3s');
    expect(quest.getByRole('link', { name: /^Add name/ }).getAttribute('href')).toBe(
      'https://x.com/settings/profile',
    );
    expect(quest.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true);
  });

  it("YouTube under review reads 'Verifying...'", () => {
    const profile = testProfile({ is_youtube_verifying: 'true' });
    const { quest } = renderQuest({ questKey: 'youtubeSubscribe', profile });
    expect(quest.getByRole('button', { name: 'Verifying...' })).toHaveProperty('disabled', true);
    expect(quest.getByRole('button', { name: 'Claim' })).toHaveProperty('disabled', true);
  });

  describe('Verify when an operator checks YouTube subscriptions', () => {
    const waiting = testProfile({ is_youtube_verifying: 'true' });
    const CHECK = 'POST /v1/api/auth/youtube/check';

    /** The quest with its Subscribe page opened, Verify pressed: the channel dialog. */
    function openChannelDialog() {
      sessionStorage.setItem('netpulse.questLinkOpened.alice.youtubeSubscribe', 'true');
      const rendered = renderQuest({ questKey: 'youtubeSubscribe', youtubeSignIn: false });
      fireEvent.click(rendered.quest.getByRole('button', { name: 'Verify' }));
      const dialog = within(screen.getByTestId('youtube-channel-dialog'));
      const field = dialog.getByLabelText('Your YouTube channel');
      return { ...rendered, dialog, field };
    }

    it('asks for the channel; a missing or bad one is explained beneath the field and nothing is sent', async () => {
      const calls = stubApi({});
      const { dialog, field } = openChannelDialog();
      expect(field.getAttribute('aria-describedby')).toBeTruthy();

      fireEvent.click(dialog.getByRole('button', { name: 'Send for review' }));
      await waitFor(() =>
        expect(dialog.getByText(QUEST_MESSAGES.youtubeChannelRequired)).toBeTruthy(),
      );
      expect(field.getAttribute('aria-invalid')).toBe('true');

      fireEvent.change(field, { target: { value: 'https://www.youtube.com/c/Netpulse' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Send for review' }));
      await waitFor(() =>
        expect(dialog.getByText(QUEST_MESSAGES.youtubeChannelInvalid)).toBeTruthy(),
      );
      expect(calls).toEqual([]);
    });

    it("sends the channel in its one form, closes, and the quest reads 'Verifying...'", async () => {
      const info = vi.spyOn(toast, 'info').mockImplementation(() => {});
      const calls = stubApi({
        [CHECK]: { body: envelope({ verified: false }, QUEST_MESSAGES.youtubeVerifying) },
        'GET /v1/api/auth/profile': { body: envelope(waiting) },
      });
      const { dialog, field, quest } = openChannelDialog();
      fireEvent.change(field, { target: { value: ' https://www.youtube.com/@Netpulse_Fan ' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Send for review' }));

      await waitFor(() => expect(screen.queryByTestId('youtube-channel-dialog')).toBeNull());
      expect(calls[0]).toEqual({
        method: 'POST',
        path: '/v1/api/auth/youtube/check',
        body: { channel: '@Netpulse_Fan' },
      });
      expect(quest.getByRole('button', { name: 'Verifying...' })).toHaveProperty('disabled', true);
      expect(info).toHaveBeenCalledWith(QUEST_MESSAGES.youtubeVerifying);
    });

    it("shows the server's refusal of the channel beneath the field, once, and keeps the dialog", async () => {
      const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
      stubApi({
        [CHECK]: {
          status: 400,
          body: {
            success: false,
            message: 'Validation failed',
            errors: { channel: [QUEST_MESSAGES.youtubeChannelInvalid] },
          },
        },
      });
      const { dialog, field } = openChannelDialog();
      fireEvent.change(field, { target: { value: '@netpulse_fan' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Send for review' }));

      await waitFor(() =>
        expect(dialog.getByText(QUEST_MESSAGES.youtubeChannelInvalid)).toBeTruthy(),
      );
      expect(error).not.toHaveBeenCalled();
      expect(screen.getByTestId('youtube-channel-dialog')).toBeTruthy();
    });

    it('Cancel closes the dialog without a call, and Verify opens it again', () => {
      const calls = stubApi({});
      const { dialog, quest } = openChannelDialog();
      fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByTestId('youtube-channel-dialog')).toBeNull();
      fireEvent.click(quest.getByRole('button', { name: 'Verify' }));
      expect(screen.getByTestId('youtube-channel-dialog')).toBeTruthy();
      expect(calls).toEqual([]);
    });
  });

  it('claimed reads Claimed with its done label', () => {
    const profile = testProfile({
      is_youtube_verifying: 'verified',
      is_youtube_subscribe_claimed: true,
    });
    const { quest } = renderQuest({ questKey: 'youtubeSubscribe', profile });
    expect(quest.getByText('Subscribed')).toBeTruthy();
    expect(quest.getByRole('button', { name: 'Claimed' })).toHaveProperty('disabled', true);
  });
});
