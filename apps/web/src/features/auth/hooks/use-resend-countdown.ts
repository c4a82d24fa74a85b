import { useEffect, useState } from 'react';

/**
 * Seconds until "Resend the email" may be pressed again, ticking down each second.
 * `waitFor(seconds)` starts a wait (after a send, or a refusal that names one).
 */
export function useResendCountdown(initialSeconds: number) {
  const [availableAt, setAvailableAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((availableAt - now) / 1000));

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  return {
    secondsLeft,
    waitFor(seconds: number) {
      const at = Date.now();
      setNow(at);
      setAvailableAt(at + seconds * 1000);
    },
  };
}
