import {
  CLAIM_TOASTS,
  DAILY_CLAIM_POINTS,
  GENERIC_TOASTS,
  type DailyClaimState,
} from '@netpulse/shared';
import { toast } from '@/lib/toast';
import { isApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/api-error-message';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { useDailyClaim } from '@/api/claim-daily';
import { Button } from '@/components/ui/button';

interface DailyClaimButtonProps {
  /** Undefined while the profile loads. */
  state: DailyClaimState | undefined;
  className?: string;
}

/**
 * The Daily Claim action (spec section 4): "Claim 100" while unlocked; once
 * claimed, a disabled "Claimed today" (the item beside it says when the next claim
 * opens), until it unlocks by itself at the next UTC midnight.
 */
export function DailyClaimButton({ state, className }: DailyClaimButtonProps) {
  const intl = useIntl();
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

  const claimLabel = intl.formatMessage(
    { id: 'dailyClaim.claim', defaultMessage: 'Claim {points, number}' },
    { points: DAILY_CLAIM_POINTS },
  );
  const classes = cn('min-w-36', className);

  if (!state) {
    return (
      <Button disabled aria-busy className={classes} data-testid="daily-claim-button">
        {claimLabel}
      </Button>
    );
  }

  if (!state.unlocked) {
    return (
      <Button
        variant="secondary"
        disabled
        className={classes}
        data-testid="daily-claim-button"
        data-state="locked"
      >
        {intl.formatMessage({ id: 'dailyClaim.claimedToday', defaultMessage: 'Claimed today' })}
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
