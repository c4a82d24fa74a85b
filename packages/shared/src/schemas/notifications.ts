/**
 * Notifications (issue 30): what the product tells a person, in the app, by mail, by Web Push
 * and in the extension, and what the person chose to hear where. A notice is stored as its
 * type and parameters and written in the reader's language when it is read, so `title` and
 * `body` are texts of the catalogs, never stored prose. Times are ISO strings.
 */
import { z } from 'zod';
import { messageEnvelopeSchema, pageMetaSchema } from './envelope.ts';
import { pageQuerySchema } from './queries.ts';

/** What a notice is about; each has its texts in the catalogs (`notifications.<type>.*`). */
export const NOTIFICATION_TYPES = [
  'node_offline',
  'node_online',
  'claim_reminder',
  'referral_qualified',
  'referral_milestone',
  'cycle_ended',
  'test_refused',
  'security',
  'announcement',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The rows of the preferences matrix: the events a person chooses channels for. A node's
 * "back online" follows its "offline" row, a milestone that became claimable follows the
 * referral row.
 */
export const NOTIFICATION_EVENTS = [
  'node_offline',
  'claim_reminder',
  'referral_qualified',
  'cycle_ended',
  'test_refused',
  'security',
  'announcement',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** The preference row a notice type belongs to. */
export const EVENT_OF_TYPE: Record<NotificationType, NotificationEvent> = {
  node_offline: 'node_offline',
  node_online: 'node_offline',
  claim_reminder: 'claim_reminder',
  referral_qualified: 'referral_qualified',
  referral_milestone: 'referral_qualified',
  cycle_ended: 'cycle_ended',
  test_refused: 'test_refused',
  security: 'security',
  announcement: 'announcement',
};

/** The columns of the matrix. The extension's channel serves the node's events and the reminder. */
export const NOTIFICATION_CHANNELS = ['app', 'mail', 'push', 'extension'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The cells the extension can deliver; the others are not offered in its column. */
export const EXTENSION_EVENTS: readonly NotificationEvent[] = ['node_offline', 'claim_reminder'];

/** Security events always go by mail: that cell is on and cannot be turned off. */
export const LOCKED_ON: ReadonlyArray<readonly [NotificationEvent, NotificationChannel]> = [
  ['security', 'mail'],
];

/** True when the matrix offers this cell (the extension column has two rows). */
export function isOfferedCell(event: NotificationEvent, channel: NotificationChannel): boolean {
  return channel !== 'extension' || EXTENSION_EVENTS.includes(event);
}

/** True when this cell is always on. */
export function isLockedOn(event: NotificationEvent, channel: NotificationChannel): boolean {
  return LOCKED_ON.some(
    ([lockedEvent, lockedChannel]) => lockedEvent === event && lockedChannel === channel,
  );
}

const channelsSchema = z.object({
  app: z.boolean(),
  mail: z.boolean(),
  push: z.boolean(),
  extension: z.boolean(),
});
export type ChannelChoice = z.infer<typeof channelsSchema>;

/** The defaults: in the app all; mail the node, the cycle and security; push none until chosen. */
export function defaultChannels(event: NotificationEvent): ChannelChoice {
  return {
    app: true,
    mail: event === 'node_offline' || event === 'cycle_ended' || event === 'security',
    push: false,
    extension: EXTENSION_EVENTS.includes(event),
  };
}

/** `HH:mm`, 24-hour. */
const clockTimeField = z
  .string({ error: 'Enter a time as HH:mm' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Enter a time as HH:mm' });

/** True for an IANA time zone this runtime knows (Europe/Lisbon, UTC). */
export function isTimeZone(text: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: text });
    return true;
  } catch {
    return false;
  }
}

/**
 * Quiet hours in the person's zone: mail and push wait until they end, the app does not.
 * `start` after `end` spans midnight (22:00 to 07:00).
 */
export const quietHoursSchema = z
  .object({ start: clockTimeField, end: clockTimeField })
  .refine((hours) => hours.start !== hours.end, {
    error: 'Quiet hours must start and end at different times',
    path: ['end'],
  });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** GET and PUT /v1/api/notifications/preferences */
export const notificationPreferencesSchema = z.object({
  channels: z.object(
    Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, channelsSchema])) as Record<
      NotificationEvent,
      typeof channelsSchema
    >,
  ),
  /** `immediate`: a mail per notice; `digest`: one mail a day with the day's notices. */
  mail_mode: z.enum(['immediate', 'digest']),
  quiet_hours: quietHoursSchema.nullable(),
  time_zone: z
    .string({ error: 'Choose a time zone' })
    .max(64, { error: 'Choose a time zone' })
    .refine(isTimeZone, { error: 'Choose a time zone' }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The preferences of an account that never chose: the defaults, in UTC, no quiet hours. */
export function defaultNotificationPreferences(): NotificationPreferences {
  return {
    channels: Object.fromEntries(
      NOTIFICATION_EVENTS.map((event) => [event, defaultChannels(event)]),
    ) as NotificationPreferences['channels'],
    mail_mode: 'immediate',
    quiet_hours: null,
    time_zone: 'UTC',
  };
}

/** One row of GET /v1/api/notifications. `link` is an app path (`/nodes`) or an https address. */
export const notificationRowSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof notificationRowSchema>;

/**
 * GET /v1/api/nodes/self/notices (an extension node's own session): the notices its
 * extension shows with `chrome.notifications`, each once by its id: this node's offline and
 * back-online notices and the account's claim reminder, unread, of the last day, only where
 * the account's extension cell is on. Texts are in the account's language; `action` is the
 * button's label, `link` the web app's page it opens.
 */
export const extensionNoticeSchema = z.object({
  id: z.string(),
  type: z.enum(['node_offline', 'node_online', 'claim_reminder']),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  action: z.string(),
  created_at: z.string(),
});
export type ExtensionNotice = z.infer<typeof extensionNoticeSchema>;
export const extensionNoticesSchema = z.array(extensionNoticeSchema);

/** GET /v1/api/notifications?pageNumber&pageSize&unread=true; `meta.unread` is the unread count. */
export const notificationsQuerySchema = pageQuerySchema.extend({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((flag) => flag === 'true'),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** The list's answer: the standard page meta plus the reader's unread count (the bell). */
export const notificationListEnvelope = messageEnvelopeSchema.extend({
  data: z.array(notificationRowSchema),
  meta: pageMetaSchema.extend({ unread: z.number().int().nonnegative() }),
});

/** POST /v1/api/notifications/read: some notices, or all of them. */
export const markNotificationsReadSchema = z.union([
  z.object({ ids: z.array(z.string().max(64)).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** An event of GET /v1/api/notifications/stream (`event: unread`, its data this JSON). */
export const unreadEventSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadEvent = z.infer<typeof unreadEventSchema>;

/**
 * POST /v1/api/notifications/unsubscribe?token=… (RFC 8058's one-click, signed out): the
 * token of a notice mail's `List-Unsubscribe`.
 */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: 'This unsubscribe link is missing its token' })
    .min(1, { error: 'This unsubscribe link is missing its token' })
    .max(300, { error: 'This unsubscribe link is not valid' }),
});

/** Its answer: the events whose mail is now off. */
export const unsubscribeAnswerSchema = z.object({ events: z.array(z.enum(NOTIFICATION_EVENTS)) });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

/** POST /v1/api/push/subscriptions: a PushSubscription's JSON. DELETE takes `{ endpoint }`. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'The push endpoint must be an address' })
    .max(1024),
  keys: z.object({
    p256dh: z.string().min(1).max(256),
    auth: z.string().min(1).max(64),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: z.string().min(1).max(1024) });

/** GET /v1/api/push/public-key: the VAPID public key, base64url. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** POST /v1/admin/announcements (and its preview): what the operator composes. */
export const announcementSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, { error: 'Title is required' })
    .max(120, { error: 'Title must be at most 120 characters' }),
  text: z
    .string({ error: 'Text is required' })
    .trim()
    .min(1, { error: 'Text is required' })
    .max(2000, { error: 'Text must be at most 2000 characters' }),
  link: z
    .url({ protocol: /^https$/, error: 'The link must be an https address' })
    .max(512)
    .nullable()
    .optional(),
  /** null: every member; N: those active in the last N days. */
  activeWithinDays: z.number().int().min(1).max(365).nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** POST /v1/admin/announcements/preview: whom it would reach and the notice a member will see. */
export const announcementPreviewSchema = z.object({
  recipients: z.number().int().nonnegative(),
  notice: z.object({ title: z.string(), body: z.string(), link: z.string().nullable() }),
});
export type AnnouncementPreview = z.infer<typeof announcementPreviewSchema>;

/** One row of GET /v1/admin/announcements (newest first) and the answer of a send. */
export const announcementRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  active_within_days: z.number().int().nullable(),
  sent_by: z.object({ id: z.number().int().nullable(), username: z.string() }),
  sent_at: z.string(),
  recipients: z.number().int().nonnegative(),
});
export type AnnouncementRow = z.infer<typeof announcementRowSchema>;

/** The console's view of the job queue (also exported on /metrics). */
export const jobQueueOverviewSchema = z.object({
  waiting: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  /** Age in seconds of the oldest job due and not yet taken, null when none waits. */
  oldest_waiting_s: z.number().nullable(),
});
export type JobQueueOverview = z.infer<typeof jobQueueOverviewSchema>;

/** GET /v1/admin/jobs/failed: a job whose last attempt failed, for the operator to retry or drop. */
export const failedJobRowSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  delivery_key: z.string(),
  attempts: z.number().int(),
  /** The last attempt's error, its message only. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
});
export type FailedJobRow = z.infer<typeof failedJobRowSchema>;
