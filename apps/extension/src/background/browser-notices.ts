/**
 * The extension's channel of the notices (issue 30): after each heartbeat the node asks the
 * server what it should show (GET /v1/api/nodes/self/notices: its own offline and
 * back-online notices, the account's claim reminder, already in the account's language)
 * and shows each new one with `chrome.notifications`, its id the notice's id, so a notice
 * is never shown twice. The ids shown are kept in storage with the page each opens: a
 * click on the notice or its button opens that page of the web app.
 */
import { extensionNoticesSchema, type ExtensionNotice } from '@netpulse/shared';
import type { ShownNotice, StateStore } from '../lib/extension-state.ts';
import { API_PATHS, type ApiClient } from './api-client.ts';

/** The ids kept: far more than a day of notices (the server answers at most ten). */
const SHOWN_KEPT = 50;

/** chrome.notifications and chrome.tabs, as much as the channel uses. */
export interface NoticeDisplay {
  show(id: string, notice: { title: string; message: string; button: string }): Promise<void>;
  openTab(url: string): Promise<void>;
}

export interface BrowserNoticesDeps {
  api: ApiClient;
  store: StateStore;
  display: NoticeDisplay;
  /** The web app's origin: a notice's link is a path of it. */
  origin: string;
}

export function createBrowserNotices(deps: BrowserNoticesDeps) {
  /** Shows the notices not shown yet; a failure is only logged, the next heartbeat asks again. */
  async function showNew(): Promise<void> {
    let notices: ExtensionNotice[];
    try {
      notices = await deps.api.call('GET', API_PATHS.selfNotices, extensionNoticesSchema);
    } catch (error) {
      console.warn(
        'The notices could not be fetched; the next heartbeat asks again:',
        error instanceof Error ? error.message : error,
      );
      return;
    }
    const { shownNotices = [] } = await deps.store.get(['shownNotices']);
    const shown = new Set(shownNotices.map((notice) => notice.id));
    // Oldest first, so they stack in the order they happened.
    const fresh = notices.filter((notice) => !shown.has(notice.id)).reverse();
    if (fresh.length === 0) return;
    // Kept before they are shown: a worker stopped in between never shows one twice.
    const kept: ShownNotice[] = [
      ...shownNotices,
      ...fresh.map((notice) => ({ id: notice.id, link: notice.link })),
    ].slice(-SHOWN_KEPT);
    await deps.store.set({ shownNotices: kept });
    for (const notice of fresh) {
      await deps.display.show(notice.id, {
        title: notice.title,
        message: notice.body,
        button: notice.action,
      });
    }
  }

  /** A click on a notice (or its button): opens its page of the web app. */
  async function open(noticeId: string): Promise<void> {
    const { shownNotices = [] } = await deps.store.get(['shownNotices']);
    const notice = shownNotices.find((shown) => shown.id === noticeId);
    if (!notice) return;
    await deps.display.openTab(new URL(notice.link, deps.origin).toString());
  }

  return { showNew, open };
}

export type BrowserNotices = ReturnType<typeof createBrowserNotices>;
