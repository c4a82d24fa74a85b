import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { ACCOUNT_PATH } from './get-account';

/** The two links of an email change: the new address confirms it, the old one undoes it. */
export type EmailLinkKind = 'confirm' | 'undo';

/**
 * POST /account/email/confirm or /account/email/undo { token }: public, since the link's
 * token is the proof and the mail may open in a browser signed in to nothing. Answers the
 * server's sentence (already in the page's language) saying what happened.
 */
export async function followEmailLink({
  kind,
  token,
}: {
  kind: EmailLinkKind;
  token: string;
}): Promise<string> {
  const envelope = await apiClient.post(`${ACCOUNT_PATH}/email/${kind}`, { token });
  return envelope.message;
}

/**
 * Undoing a change signs every browser out on the server: this one forgets its token too, so
 * that the way on (resetting the password, a signed-out page) is not sent to the dashboard.
 */
export function useFollowEmailLink() {
  return useMutation({
    mutationFn: followEmailLink,
    onSuccess: (_message, { kind }) => {
      if (kind === 'undo') authStore.clearToken();
    },
  });
}
