import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { badRequest } from '../../lib/http-error.ts';

/**
 * Throws the 400 every captcha-protected call answers when the captcha fails
 * (the form shows it under the captcha). Call it before changing anything.
 */
export async function requireCaptcha(
  request: FastifyRequest,
  captchaResponse: string,
): Promise<void> {
  const verified = await request.server.captcha.verify(captchaResponse, request.ip);
  if (!verified) {
    throw badRequest(SERVER_MESSAGES.captchaFailed, {
      captchaResponse: [SERVER_MESSAGES.captchaFailed],
    });
  }
}
