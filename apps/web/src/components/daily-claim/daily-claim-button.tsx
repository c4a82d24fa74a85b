import {
  CLAIM_TOASTS,
  DAILY_CLAIM_POINTS,
  dailyClaimState,
  formatCountdown,
  GENERIC_TOASTS,
  type DailyClaimProfile,
} from '@netpulse/shared';
import { toast } from '@/lib/toast';
import { useNow } from '@/hooks/use-now';
import { isApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/api-error-message';
import { cn } from '@/lib/cn';
import { useDailyClaim } from '@/api/claim-daily';
import { Button } from '@/components/ui/button';

/** Spec section 9: the countdown ticks every second. */
const COUNTDOWN_TICK_MS = 1000;

interface DailyClaimButtonProps {
  /** Undefined while the profile loads. */
  profile: DailyClaimProfile | undefined;
  className?: string;
}

/**
 * The Daily Claim action (spec section 4): "Claim 100" while unlocked; once
 * claimed, a disabled "Unlock in HH:MM:SS" counting down to the next UTC
 * midnight, when it unlocks by itself.
 */
export function DailyClaimButton({ profile, className }: DailyClaimButtonProps) {
  const now = useNow(COUNTDOWN_TICK_MS);
  const claim = useDailyClaim({
    onSuccess: () => toast.success(CLAIM_TOASTS.dailyClaimSuccess),
    onError: (error) => {
      if (isApiError(error) && error.sessionExpired) return;
      toast.error(
        failureMessage(error, {
          failed: GENERIC_TOASTS.somethingWentWrong,
          exception: CLAIM_TOASTS.dailyClaimFailure,
        }),
      );
    },
  });

  const claimLabel = `Claim ${DAILY_CLAIM_POINTS}`;
  const classes = cn('min-w-36', className);

  if (!profile) {
    return (
      <Button disabled aria-busy className={classes} data-testid="daily-claim-button">
        {claimLabel}
      </Button>
    );
  }

  const state = dailyClaimState(profile, now);
  if (!state.unlocked) {
    return (
      <Button
        variant="secondary"
        disabled
        className={cn(classes, 'tabular-nums')}
        data-testid="daily-claim-button"
        data-state="locked"
      >
        Unlock in {formatCountdown(state.remainingMs)}
      </Button>
    );
  }

  return (
    <Button
      isLoading={claim.isPending}
      onClick={() => {
        if (!claim.isPending) claim.mutate();
      }}
      className={classes}
      data-testid="daily-claim-button"
      data-state="unlocked"
    >
      {claimLabel}
    </Button>
  );
}
