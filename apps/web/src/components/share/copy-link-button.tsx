import { GENERIC_TOASTS } from '@netpulse/shared';
import { defineMessages } from '@netpulse/i18n';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/cn';
import { copyFailureReason, copyText } from '@/lib/clipboard';
import { intl as activeIntl } from '@/lib/i18n/active-locale';
import { useIntl } from '@/lib/i18n/use-intl';
import { Button } from '@/components/ui/button';
import { CopyIcon } from '@/components/ui/signed-in-icons';

/** Copies `text` and says so: "Copied!" or "Failed to copy: {reason}" (spec sections 2 and 8). */
export async function copyWithToast(text: string): Promise<void> {
  try {
    await copyText(text);
    toast.success(GENERIC_TOASTS.copied);
  } catch (error) {
    toast.error(
      activeIntl().formatMessage(
        { id: 'share.copyFailed', defaultMessage: 'Failed to copy: {reason}' },
        { reason: copyFailureReason(error) },
      ),
    );
  }
}

interface CopyLinkButtonProps {
  /** The link to copy; the button is disabled until it is known. */
  text: string | undefined;
  className?: string;
}

/** One name wherever the referral link is copied (issue 27: not "Copy Link" here and "Copy Referral link" there). */
export const shareMessages = defineMessages({
  copyReferralLink: { id: 'share.copyReferralLink', defaultMessage: 'Copy referral link' },
});

/** The button that copies the referral link, in the bars and the referral list's empty state. */
export function CopyLinkButton({ text, className }: CopyLinkButtonProps) {
  const intl = useIntl();
  return (
    <Button
      disabled={!text}
      onClick={() => text && void copyWithToast(text)}
      className={cn('whitespace-nowrap', className)}
    >
      <CopyIcon className="size-4" />
      {intl.formatMessage(shareMessages.copyReferralLink)}
    </Button>
  );
}
