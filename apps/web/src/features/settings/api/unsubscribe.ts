import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeAnswer } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';

/**
 * POST /notifications/unsubscribe?token=…: public, the mail's token is the proof (the mail
 * may open in a browser signed in to nothing). Answers the events whose mail is now off.
 */
export async function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  const envelope = await apiClient.post<UnsubscribeAnswer>(
    `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
  );
  return envelope.data ?? { events: [] };
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
