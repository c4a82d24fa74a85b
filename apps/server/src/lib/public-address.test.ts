import { describe, expect, it } from 'vitest';
import { isPublicAddress, reachesOnlyPublicAddresses } from './public-address.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '142.250.1.1', '2606:4700::1111', '::ffff:8.8.4.4'])(
    'lets %s through',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('reachesOnlyPublicAddresses', () => {
  it.each([
    'https://127.0.0.1/push',
    'https://[::1]/push',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/push',
    'https://push.localhost/push',
    'https://name.invalid/push',
    'not a url',
  ])('refuses %s', async (url) => {
    expect(await reachesOnlyPublicAddresses(url)).toBe(false);
  });

  it('lets a public address literal through', async () => {
    expect(await reachesOnlyPublicAddresses('https://8.8.8.8/push')).toBe(true);
  });
});
