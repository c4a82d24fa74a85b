/**
 * The server's entry for the tools beside it (`bench/`): the one list of what
 * they may use of its insides, so the lint's package boundary holds and a change
 * to any of these is a change to a published face. The app itself starts from
 * server.ts; tests inside this package import what they test directly.
 */
export { fromPostgres, openDatabase } from './db/client.ts';
export type { Database, DatabaseHandle } from './db/client.ts';
export { rowsOf } from './db/sql-kit.ts';
export { prepareDatabase } from './bootstrap.ts';
export { parseEnv } from './env.ts';
export { systemClock } from './lib/clock.ts';
export { hashPassword } from './modules/auth/passwords.ts';
export { issueAccessToken } from './modules/auth/access-token.ts';
export { startSession } from './modules/auth/session-service.ts';
export { updateLocale } from './modules/auth/users-repository.ts';
export type { AuthContext } from './modules/auth/auth-context.ts';
export { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from './modules/auth/refresh-cookie.ts';
export { fraudSignals } from './modules/fraud-signals/fraud-signals-service.ts';
export {
  implausibleNodeRows,
  referralTieRows,
  sharedAddressRows,
} from './modules/fraud-signals/fraud-signals-repository.ts';
export { inTransaction } from './db/transaction.ts';
export {
  DAILY_REBUILD_KIND,
  rebuildPeriod,
  type RebuildOutcome,
} from './modules/explorer/index.ts';
export { notify } from './modules/notifications/index.ts';
export { createSmtpMailer } from './providers/mail/smtp-mailer.ts';
export { noticeMail } from './providers/mail/notice-mails.ts';
export { startSmtpSink } from './providers/mail/smtp-sink.ts';
