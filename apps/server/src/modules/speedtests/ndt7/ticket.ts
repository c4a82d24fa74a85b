/**
 * The ndt7 sockets carry no bearer token (browsers cannot set headers on a
 * WebSocket), so POST /v1/api/speedtests hands out one ticket per direction:
 * the test id and an HMAC binding it to that direction. A ticket is used once:
 * the socket's admission marks the direction started (speedtests-repository).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveSecret } from '../../../lib/derived-secret.ts';
import type { Direction } from '../speedtest-policy.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class TicketSigner {
  private readonly key: string;

  constructor(authSecret: Uint8Array) {
    this.key = deriveSecret(authSecret, 'ndt7-ticket');
  }

  private mac(testId: string, direction: Direction): Buffer {
    return createHmac('sha256', this.key).update(`${testId}:${direction}`).digest();
  }

  ticketFor(testId: string, direction: Direction): string {
    return `${testId}.${this.mac(testId, direction).toString('base64url')}`;
  }

  /** The test id of a genuine ticket for `direction`, or null. */
  testIdOf(ticket: string, direction: Direction): string | null {
    const [testId = '', mac = ''] = ticket.split('.');
    if (!UUID.test(testId)) return null;
    // Compare the encoded text, not decoded bytes: base64url decoding ignores
    // the spare bits of the last character, so two spellings would pass.
    const given = Buffer.from(mac);
    const expected = Buffer.from(this.mac(testId, direction).toString('base64url'));
    return given.length === expected.length && timingSafeEqual(given, expected) ? testId : null;
  }
}
