import { GENERIC_TOASTS } from '@netpulse/shared';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/cn';
import { copyFailureReason, copyText } from '@/lib/clipboard';
import { CopyIcon } from '@/components/ui/signed-in-icons';

/** Copies `text` and says so: "Copied!" or "Failed to copy: {reason}" (spec sections 2 and 8). */
export async function copyWithToast(text: string): Promise<void> {
  try {
    await copyText(text);
    toast.success(GENERIC_TOASTS.copied);
  } catch (error) {
    toast.error(GENERIC_TOASTS.failedToCopy(copyFailureReason(error)));
  }
}

interface CopyLinkButtonProps {
  /** The link to copy; the button is disabled until it is known. */
  text: string | undefined;
  className?: string;
}

/** One name wherever the referral link is copied (issue 27: not "Copy Link" here and "Copy Referral link" there). */
export const COPY_REFERRAL_LINK_LABEL = 'Copy referral link';

/** The button that copies the referral link, in the bars and the referral list's empty state. */
export function CopyLinkButton({ text, className }: CopyLinkButtonProps) {
  return (
    <button
      type="button"
      disabled={!text}
      onClick={() => text && void copyWithToast(text)}
      className={cn(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent px-4 py-2.5 text-sm font-semibold whitespace-nowrap text-accent-ink transition-colors hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-70',
        className,
      )}
    >
      <CopyIcon className="size-4" />
      {COPY_REFERRAL_LINK_LABEL}
    </button>
  );
}
