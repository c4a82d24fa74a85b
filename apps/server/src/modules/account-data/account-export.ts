/**
 * The person's data as one JSON document (issue 29; its shape is `accountExportSchema` in
 * packages/shared): written a piece at a time as the read model hands over its chunks, so
 * the reply streams it (lib/streamed-export.ts) and memory holds one chunk, not the document.
 */
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES, utcDayKey, type AccountExport } from '@netpulse/shared';
import { browserNameOf } from '../../lib/browser-name.ts';
import { networkOf } from '../../lib/address-network.ts';
import { fileNamePart } from '../../lib/file-name.ts';
import { notFound } from '../../lib/http-error.ts';
import type { StreamedExport } from '../../lib/streamed-export.ts';
import { speedsOf } from '../../lib/throughput.ts';
import { findUserRow, type UserRow } from '../auth/index.ts';
import { toTransactionRow, transactionsInChunks } from '../earnings/index.ts';
import { toReferralStatusRow } from '../referrals/index.ts';
import {
  nodesOfAccount,
  passkeysOfAccount,
  questsOfAccount,
  refereesInChunks,
  securityEventsInChunks,
  sessionsInChunks,
  socialAccountsOfAccount,
  speedtestsInChunks,
  twoFactorOfAccount,
} from './account-export-repository.ts';

export type AccountExportContext = Pick<FastifyInstance, 'db' | 'clock' | 'config'>;

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

type Rows<Row> = AsyncGenerator<Row[]>;
type Element<List> = List extends readonly (infer Item)[] ? Item : never;

const iso = (time: Date) => time.toISOString();
const isoOrNull = (time: Date | null) => time?.toISOString() ?? null;

/** `<product>-<username>-export-<YYYY-MM-DD>.json`, the day the file was made (UTC). */
function accountExportFileName(productName: string, username: string, now: Date): string {
  const product = fileNamePart(productName) || 'export';
  return `${product}-${fileNamePart(username) || 'account'}-export-${utcDayKey(now)}.json`;
}

function toProfile(user: UserRow): AccountExport['profile'] {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    email_verified_at: isoOrNull(user.emailVerifiedAt),
    created_at: iso(user.createdAt),
    role: user.role,
    locale: user.locale,
    referral_code: user.referralCode,
    referred: user.referredByUserId !== null,
    points: user.points,
    daily_streaks: user.dailyStreaks,
    last_claimed_at: isoOrNull(user.lastClaimedAt),
    successful_referrals: user.successfulReferrals,
    quest_completed: user.questCompleted,
    additional_boost: user.additionalBoost,
    profile_img: user.profileImg,
    username_changed_at: isoOrNull(user.usernameChangedAt),
    banned_at: isoOrNull(user.bannedAt),
    ban_notice: user.banNotice,
  };
}

/** `,"name":[...]`: the list's rows as they come, chunk after chunk, each chunk one piece. */
async function* listSection<Row, Written>(
  name: keyof AccountExport,
  chunks: Rows<Row>,
  write: (row: Row) => Written,
): AsyncGenerator<string> {
  yield `,${JSON.stringify(name)}:[`;
  let separator = '';
  for await (const rows of chunks) {
    if (rows.length === 0) continue;
    yield separator + rows.map((row) => JSON.stringify(write(row))).join(',');
    separator = ',';
  }
  yield ']';
}

/** `,"name":value` of a section read whole. */
const section = <Name extends keyof AccountExport>(name: Name, value: AccountExport[Name]) =>
  `,${JSON.stringify(name)}:${JSON.stringify(value)}`;

/**
 * The account's export, ready to send: its pieces, and its file name once the first piece
 * has read the account's row. That read comes before the reply starts (lib/streamed-export.ts),
 * so an account gone meanwhile is answered 404; each list is read as the reply is written,
 * and a failure there cuts the transfer.
 */
export function accountExport(
  context: AccountExportContext,
  userId: number,
  chunkRows?: number,
): StreamedExport {
  const { db } = context;
  const now = context.clock.now();
  let username = '';

  async function* pieces(signal: AbortSignal): AsyncGenerator<string> {
    const user = await findUserRow(db, userId);
    if (!user || user.deletedAt) throw notFound(SERVER_MESSAGES.notFound);
    username = user.username;
    const chunks = { chunkRows, signal };
    yield `{"exported_at":${JSON.stringify(iso(now))},"profile":${JSON.stringify(toProfile(user))}`;
    yield* listSection(
      'ledger',
      // The whole history, as the Transaction History screen and its export read it.
      transactionsInChunks(db, userId, {}, chunks),
      toTransactionRow,
    );
    yield* listSection(
      'speedtests',
      speedtestsInChunks(db, userId, chunks),
      (row): Element<AccountExport['speedtests']> => ({
        id: row.id,
        opened_at: iso(row.openedAt),
        completed_at: isoOrNull(row.completedAt),
        ip_address: row.ipAddress,
        location_cell: row.locationCell,
        country: row.country,
        node_id: row.nodeId,
        node_name: row.nodeName,
        download_bytes: row.downloadBytes,
        download_elapsed_us: row.downloadElapsedUs,
        upload_bytes: row.uploadBytes,
        upload_elapsed_us: row.uploadElapsedUs,
        ...speedsOf(row),
        latency_ms: row.latencyMs,
        is_ip_slashing: row.isIpSlashing,
        is_location_slashing: row.isLocationSlashing,
        additional_boost: row.additionalBoost,
        points: row.points,
      }),
    );
    const nodes = await nodesOfAccount(db, userId);
    yield section(
      'nodes',
      nodes.map((node) => ({
        id: node.id,
        kind: node.kind,
        name: node.name,
        version: node.version,
        created_at: iso(node.createdAt),
        last_seen_at: isoOrNull(node.lastSeenAt),
        next_test_at: isoOrNull(node.nextTestAt),
        removed_at: isoOrNull(node.removedAt),
      })),
    );
    yield* listSection('referrals', refereesInChunks(db, userId, chunks), toReferralStatusRow);
    const progress = await questsOfAccount(db, userId);
    const socialAccounts = await socialAccountsOfAccount(db, userId);
    yield section('quests', {
      progress: progress.map((quest) => ({
        quest: quest.quest,
        started: quest.started,
        done: quest.done,
        claimed: quest.claimed,
        timer_ends_at: isoOrNull(quest.timerEndsAt),
        youtube_channel: quest.youtubeChannel,
      })),
      social_accounts: socialAccounts.map((account) => ({
        platform: account.platform,
        account_id: account.accountId,
        username: account.username,
        linked_at: iso(account.linkedAt),
      })),
    });
    yield* listSection(
      'sessions',
      sessionsInChunks(db, userId, chunks),
      (row): Element<AccountExport['sessions']> => ({
        id: row.id,
        kind: row.kind,
        browser: browserNameOf(row.userAgent),
        network: networkOf(row.address),
        address: row.address,
        created_at: iso(row.createdAt),
        last_used_at: isoOrNull(row.lastUsedAt),
        expires_at: iso(row.expiresAt),
        revoked_at: isoOrNull(row.revokedAt),
        revoked_reason: row.revokedReason,
      }),
    );
    yield* listSection(
      'security_events',
      securityEventsInChunks(db, userId, chunks),
      (row): Element<AccountExport['security_events']> => ({
        type: row.type,
        browser: row.browser,
        network: row.network,
        created_at: iso(row.createdAt),
      }),
    );
    const passkeys = await passkeysOfAccount(db, userId);
    yield section(
      'passkeys',
      passkeys.map((passkey) => ({
        name: passkey.name,
        created_at: iso(passkey.createdAt),
        last_used_at: isoOrNull(passkey.lastUsedAt),
      })),
    );
    const twoFactor = await twoFactorOfAccount(db, userId);
    yield section('two_factor', {
      totp: twoFactor.confirmedAt !== null,
      totp_confirmed_at: isoOrNull(twoFactor.confirmedAt),
      recovery_codes_left: twoFactor.recoveryCodesLeft,
    });
    yield '}';
  }

  return {
    fileName: () => accountExportFileName(context.config.PRODUCT_NAME, username, now),
    contentType: JSON_CONTENT_TYPE,
    pieces,
  };
}
