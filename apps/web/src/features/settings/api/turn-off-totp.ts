import type { TotpCodeRequest } from '@netpulse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { TOTP_PATH } from './start-totp-setup';

/** DELETE /account/two-factor/totp { code }: the app off, its recovery codes gone. */
export async function turnOffTotp(request: TotpCodeRequest): Promise<void> {
  await apiClient.request('DELETE', TOTP_PATH, { body: request });
}

export function useTurnOffTotp(config: MutationConfig<typeof turnOffTotp> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: turnOffTotp,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() });
      await config.onSuccess?.(...args);
    },
  });
}
