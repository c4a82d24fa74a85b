import type { Mailer } from './mailer.ts';

/**
 * Remembers the sends still running, so closing the app waits for mails that
 * requests handed off without waiting (forgot-password must not reveal by its
 * timing whether a mail went out).
 */
export function trackInFlight(mailer: Mailer): Mailer {
  const inFlight = new Set<Promise<void>>();
  return {
    send(message) {
      const sending = mailer.send(message);
      inFlight.add(sending);
      const forget = () => inFlight.delete(sending);
      sending.then(forget, forget);
      return sending;
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      await mailer.close?.();
    },
  };
}
