import { describe, expect, it } from 'vitest';
import { recoveryCodesFileName, recoveryCodesText } from './recovery-codes-file';

const CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-1234${index}`);

describe('the recovery codes file', () => {
  it('holds what the codes are for, then every code on a line of its own', () => {
    const text = recoveryCodesText('Netpulse recovery codes for alice.', CODES);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Netpulse recovery codes for alice.');
    expect(lines[1]).toBe('');
    expect(lines.slice(2, 12)).toEqual(CODES);
    // Ends with a newline, as a text file does, and holds nothing else.
    expect(text.endsWith('abcd9-12349\n')).toBe(true);
    expect(lines).toHaveLength(13);
  });

  it('is named after the product, as a file name can be written anywhere', () => {
    expect(recoveryCodesFileName('Netpulse')).toBe('netpulse-recovery-codes.txt');
    expect(recoveryCodesFileName('My Net / Pulse!')).toBe('my-net-pulse-recovery-codes.txt');
    expect(recoveryCodesFileName('Réseau')).toBe('reseau-recovery-codes.txt');
    expect(recoveryCodesFileName('网络')).toBe('account-recovery-codes.txt');
  });
});
