// @vitest-environment happy-dom
import { QUEST_MESSAGES, QUEST_TOASTS } from '@netpulse/shared';
import { act, cleanup, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryHistory } from '@/lib/router';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSocialReturn } from './use-social-return';
import { renderInApp } from '@testing/render-in-app';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

function QuestsStandIn() {
  useSocialReturn();
  return <p>Quests</p>;
}

type Answer = { status: number; body: unknown };
let answer: Answer;
let calls: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  answer = { status: 200, body: { success: true, message: 'linked', data: {} } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        method: init.method ?? 'GET',
        path: new URL(url, 'http://localhost').pathname,
        body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

/** Opens /quests with `search` under StrictMode, after /dashboard in the history. */
function openQuests(search: string) {
  const history = createMemoryHistory(['/dashboard', `/quests${search}`]);
  renderInApp(
    <StrictMode>
      <QuestsStandIn />
    </StrictMode>,
    { history },
  );
  return history;
}

describe('the return from a platform login', () => {
  it('Discord: links once under StrictMode, toasts, and replaces the address with /quests', async () => {
    const history = openQuests(
      '?id=42&username=nelly&avatar=abc&provider=discord&accessToken=tok-1&state=st-1',
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(QUEST_TOASTS.loginSuccess.discord),
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/v1/api/auth/discord/link',
        body: {
          id: '42',
          username: 'nelly',
          avatar: 'abc',
          provider: 'discord',
          discordAccessToken: 'tok-1',
          state: 'st-1',
        },
      },
    ]);
    expect(history.location.pathname).toBe('/quests');
    expect(history.location.search).toBe('');
    // Back goes to the dashboard, not to the address with the token.
    act(() => history.go(-1));
    expect(history.location.pathname).toBe('/dashboard');
  });

  it('X: posts the tokens with the profile fields', async () => {
    openQuests(
      '?id=7&username=al&displayName=Al&photos=https%3A%2F%2Fp.example%2F1.png&provider=twitter&oauth_token=t&oauth_token_secret=s&state=st-2',
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(QUEST_TOASTS.loginSuccess.x));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/api/auth/twitter/link',
      body: {
        id: '7',
        username: 'al',
        displayName: 'Al',
        photos: 'https://p.example/1.png',
        provider: 'twitter',
        oauth_token: 't',
        oauth_token_secret: 's',
        state: 'st-2',
      },
    });
  });

  it("Telegram: posts the widget's login with numbers as numbers", async () => {
    const hash = 'b'.repeat(64);
    openQuests(`?id=99&first_name=Ann&auth_date=1767225600&hash=${hash}&state=st-3`);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(QUEST_TOASTS.loginSuccess.telegram),
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/v1/api/auth/telegram/link',
        body: { id: 99, first_name: 'Ann', auth_date: 1767225600, hash, state: 'st-3' },
      },
    ]);
  });

  it("a refused link shows the server's message", async () => {
    answer = {
      status: 400,
      body: { success: false, message: 'Discord did not confirm this account.' },
    };
    openQuests('?id=43&username=n&provider=discord&accessToken=forged&state=st-4');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Discord did not confirm this account.'),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a failure without a message shows the link failure of the platform', async () => {
    answer = { status: 502, body: '<html>bad gateway</html>' };
    openQuests('?id=44&username=n&provider=discord&accessToken=t2&state=st-5');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(QUEST_TOASTS.linkFailure.discord));
  });

  it('a return without the state of a login this page started links nothing', async () => {
    const history = openQuests('?id=45&username=n&provider=discord&accessToken=crafted');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(QUEST_TOASTS.linkFailure.discord));
    expect(calls).toEqual([]);
    expect(history.location.search).toBe('');
  });

  it('an incomplete return calls nothing, says the link failed and clears the address', async () => {
    const history = openQuests('?provider=twitter&id=8&username=al');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(QUEST_TOASTS.linkFailure.x));
    expect(calls).toEqual([]);
    expect(history.location.search).toBe('');
  });

  it("YouTube: posts the sign-in's token to the check once and toasts its answer", async () => {
    answer = {
      status: 200,
      body: { success: true, message: QUEST_MESSAGES.verified, data: { verified: true } },
    };
    const history = openQuests('?provider=youtube&accessToken=ya29.tok&state=st-6');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(QUEST_MESSAGES.verified));
    expect(calls.filter((call) => call.path === '/v1/api/auth/youtube/check')).toEqual([
      {
        method: 'POST',
        path: '/v1/api/auth/youtube/check',
        body: { accessToken: 'ya29.tok', state: 'st-6' },
      },
    ]);
    expect(history.location.search).toBe('');
  });

  it('YouTube: not subscribed yet is an error toast with the server message', async () => {
    answer = {
      status: 200,
      body: { success: true, message: QUEST_MESSAGES.notSubscribed, data: { verified: false } },
    };
    openQuests('?provider=youtube&accessToken=ya29.other&state=st-7');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(QUEST_MESSAGES.notSubscribed));
  });

  it('YouTube: a return without a token checks nothing and says the verify failed', async () => {
    openQuests('?provider=youtube');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(QUEST_TOASTS.verifyFailure.youtube),
    );
    expect(calls).toEqual([]);
  });

  it('a plain /quests does nothing', async () => {
    const history = openQuests('');
    const opened = history.location;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    // Not even a replace: the entry is the one it opened on.
    expect(history.location).toBe(opened);
  });
});
