import type { OpenSpeedtestRequest, SpeedtestSession } from '@netpulse/shared';
import { apiClient } from '@/lib/api-client';
import { readData } from '@/lib/api-data';

/**
 * POST /speedtests { nodeId }: opens a test for the page's browser node, with the
 * ndt7 URLs and their one-time ticket. The daily limit and interval answer 4xx
 * with the server's message.
 */
export async function openSpeedtest(nodeId: string): Promise<SpeedtestSession> {
  const body: OpenSpeedtestRequest = { nodeId };
  return readData(await apiClient.post<SpeedtestSession>('/api/speedtests', body));
}
