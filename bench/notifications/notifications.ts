/**
 * `npm run bench:notifications -- [--accounts N]`: a fresh PostgreSQL database
 * bench_notifications, N accounts (10,000 by default) each given a node-offline notice,
 * delivered in the app and by mail to a local SMTP sink by a real server. Not part of
 * `npm run bench` nor of CI.
 */
import { countFlag, flagsOf, runMain } from '../lib/cli.ts';
import { freshPostgres } from '../lib/bench-database.ts';
import { printSection } from '../lib/report.ts';
import { runNotificationsBench } from './notifications-bench.ts';

runMain(async () => {
  const flags = flagsOf(['accounts']);
  const database = await freshPostgres('bench_notifications');
  try {
    printSection(
      await runNotificationsBench({ database, accounts: countFlag(flags.accounts, 10_000) }),
    );
  } finally {
    await database.remove();
  }
});
