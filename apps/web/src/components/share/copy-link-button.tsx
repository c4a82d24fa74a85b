import { GENERIC_TOASTS } from '@netpulse/shared';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/cn';
import { copyFailureReason, copyText } from '@/lib/clipboard';
import { Button } from '@/components/ui/button';
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
  label?: string;
  className?: string;
}

/** The Copy Link button of the referral bars. */
export function CopyLinkButton({ text, label = 'Copy Link', className }: CopyLinkButtonProps) {
  return (
    <Button
      disabled={!text}
      onClick={() => text && void copyWithToast(text)}
      className={cn('whitespace-nowrap', className)}
    >
      <CopyIcon className="size-4" />
      {label}
    </Button>
  );
}
