/**
 * The extension's channel (issue 30): what an extension node shows with
 * `chrome.notifications`, written in the account's language. The node's own offline and
 * back-online notices and the account's claim reminder, each only while its extension cell
 * is on; unread ones of the last day (a notice read in the app needs no pop-up, an old one
 * is news no more). The extension remembers the ids it showed, so each shows once.
 */
import { defineMessages, type CatalogLocale } from '@netpulse/i18n';
import type { ExtensionNotice } from '@netpulse/shared';
import type { Database } from '../../db/client.ts';
import { translate } from '../../lib/server-intl.ts';
import { noticeTexts } from './notice-texts.ts';
import { preferencesOf } from './notifications-service.ts';
import { unreadExtensionNotices } from './notifications-repository.ts';

const ACTIONS = defineMessages({
  openNodes: {
    id: 'notifications.extension.open_nodes',
    defaultMessage: 'Open Nodes',
    description: 'The button of a browser notification about a node; Nodes is a page’s name.',
  },
  claimNow: {
    id: 'notifications.extension.claim_now',
    defaultMessage: 'Claim now',
    description: 'The button of a browser notification that the daily claim is waiting.',
  },
});

/** More than a day's worth: a node goes quiet at most 4 times a day, the reminder once. */
const MOST_NOTICES = 10;

export async function extensionNoticesOf(
  db: Database,
  reader: { userId: number; nodeId: string; locale: CatalogLocale },
): Promise<ExtensionNotice[]> {
  const { channels } = await preferencesOf(db, reader.userId);
  const stored = await unreadExtensionNotices(
    db,
    {
      userId: reader.userId,
      nodeId: reader.nodeId,
      nodeEvents: channels.node_offline.extension,
      reminders: channels.claim_reminder.extension,
    },
    MOST_NOTICES,
  );
  return stored.map((notice) => ({
    id: String(notice.id),
    type: notice.type as ExtensionNotice['type'],
    ...noticeTexts(reader.locale, notice.type, notice.params),
    link: notice.link ?? '/',
    action: translate(
      reader.locale,
      notice.type === 'claim_reminder' ? ACTIONS.claimNow : ACTIONS.openNodes,
    ),
    created_at: notice.createdAt.toISOString(),
  }));
}
