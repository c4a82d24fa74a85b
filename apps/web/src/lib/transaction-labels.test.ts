import { describe, expect, it } from 'vitest';
import { formatterFor } from '@/lib/i18n/active-locale';
import { loadMessages } from '@/lib/i18n/catalogs';
import { transactionDetailsText, transactionTypeText } from './transaction-labels';

const english = formatterFor('en', {});

describe('the transaction labels', () => {
  it('read the spec section 3 labels in English', () => {
    expect(transactionTypeText('speedtest_earning', english)).toBe('Network Earning');
    expect(transactionTypeText('referral_bonus', english)).toBe('Referral Bonus');
    expect(transactionDetailsText('Speedtest', english)).toBe('Network Contribution');
    expect(transactionDetailsText('Daily Streak: 7 days', english)).toBe('Daily Streak: 7 days');
    expect(transactionDetailsText('Referral bonus: ana', english)).toBe('Referral bonus: ana');
  });

  it('read the ledger details the server writes in the page language, and others as they are', async () => {
    const ru = formatterFor('ru', await loadMessages('ru'));
    expect(transactionTypeText('daily_claim', ru)).toBe('Ежедневная награда');
    expect(transactionDetailsText('Daily Streak: 3 days', ru)).toBe('Ежедневная серия: 3 дня');
    expect(transactionDetailsText('Daily Streak: 5 days', ru)).toBe('Ежедневная серия: 5 дней');
    expect(transactionDetailsText('Referral commission: ana', ru)).toBe(
      'Реферальная комиссия: ana',
    );
    expect(transactionDetailsText('Something else', ru)).toBe('Something else');
    const es = formatterFor('es', await loadMessages('es'));
    expect(transactionDetailsText('Speedtest', es)).toBe('Contribución a la red');
  });
});
