import ar from '@netpulse/i18n/compiled/ar.json';
import es from '@netpulse/i18n/compiled/es.json';
import ru from '@netpulse/i18n/compiled/ru.json';
import { formatDateTime } from '@netpulse/shared';
import type { CatalogLocale } from '@netpulse/i18n';
import { describe, expect, it } from 'vitest';
import { formatterFor } from '@/lib/i18n/active-locale';
import type { Messages } from '@/lib/i18n/catalogs';
import {
  auditActionLabel,
  auditChanges,
  auditTargetText,
  bulkOutcomeText,
  startCycleEffect,
  userActionTexts,
} from './console-texts';

describe('startCycleEffect', () => {
  it('names the cycle that ends, the one that starts, and what becomes of the earnings', () => {
    const text = startCycleEffect({ name: 'Kilo' }, 'Mega');
    expect(text).toMatch(/^Kilo ends now/);
    expect(text).toContain("Kilo's earnings are final");
    expect(text).toContain('Mega starts now');
    expect(text).toContain('Cycle Earnings start again from 0');
  });

  it('says only what starts when no cycle is current', () => {
    expect(startCycleEffect(null, 'Kilo')).toMatch(/^Kilo starts now/);
  });
});

describe('userActionTexts', () => {
  it('names the user and the effect of a ban', () => {
    const texts = userActionTexts('ban', 'alice');
    expect(texts.title).toBe('Ban alice?');
    expect(texts.effect).toContain('signed out everywhere');
    expect(texts.confirm).toBe('Ban');
  });

  it('offers the other role', () => {
    expect(userActionTexts('role', 'bob', 'member').confirm).toBe('Make admin');
    expect(userActionTexts('role', 'bob', 'admin').confirm).toBe('Make member');
  });
});

describe('auditChanges', () => {
  it('lists the fields that changed, before and after, and leaves out the equal ones', () => {
    expect(
      auditChanges(
        { banned_at: null, role: 'member', sessions: 2 },
        { banned_at: '2026-01-02T03:04:05Z', role: 'member', sessions: 0 },
      ),
    ).toEqual([
      { field: 'Banned at', before: 'none', after: formatDateTime('2026-01-02T03:04:05Z') },
      { field: 'Sessions', before: '2', after: '0' },
    ]);
  });

  it('names a field in words and a yes-or-no value as Yes or No, never as code', () => {
    expect(
      auditChanges({ uses_left: 2, isRevoked: false }, { uses_left: 1, isRevoked: true }),
    ).toEqual([
      { field: 'Uses left', before: '2', after: '1' },
      { field: 'Is revoked', before: 'No', after: 'Yes' },
    ]);
  });

  it('writes a moment in the one clock, never as raw ISO', () => {
    const [change] = auditChanges({ at: null }, { at: '2026-11-25T12:57:12.180Z' });
    expect(change?.after).toMatch(/^2026-11-2[56] \d{2}:\d{2}$/);
    expect(change?.after).toBe(formatDateTime('2026-11-25T12:57:12.180Z'));
  });

  it('reads a YouTube review as its states, not the stored codes', () => {
    expect(
      auditChanges({ is_youtube_verifying: 'true' }, { is_youtube_verifying: 'verified' }),
    ).toEqual([{ field: 'YouTube subscription', before: 'Waiting for review', after: 'Verified' }]);
  });

  it('shows a side without the field as a dash', () => {
    expect(auditChanges(null, { code: 'ABC' })).toEqual([
      { field: 'Code', before: '—', after: 'ABC' },
    ]);
  });
});

describe('bulkOutcomeText', () => {
  it('counts what was done', () => {
    expect(bulkOutcomeText([{ done: true, message: '' }], 'banned')).toEqual({
      text: '1 account banned',
      allDone: true,
    });
  });

  it('gives the first refusal', () => {
    const outcome = [
      { done: true, message: '' },
      { done: false, message: 'carol is already banned' },
      { done: false, message: 'dave is already banned' },
    ];
    expect(bulkOutcomeText(outcome, 'banned')).toEqual({
      text: '1 account banned; 2 not: carol is already banned',
      allDone: false,
    });
  });
});

describe('audit actions and targets', () => {
  it('names an action in words, and an unknown one as stored', () => {
    expect(auditActionLabel('review.approve')).toBe('Approved a YouTube subscription');
    expect(auditActionLabel('user.merge')).toBe('user.merge');
  });

  it('writes a target as its kind and name', () => {
    expect(auditTargetText('user:38 (ada)')).toBe('User 38 (ada)');
    expect(auditTargetText('invite:5')).toBe('Invite 5');
    expect(auditTargetText('cycle:Mega')).toBe('Cycle Mega');
    expect(auditTargetText('something else')).toBe('something else');
  });
});

describe('in the page language', () => {
  const inLocale = (locale: CatalogLocale, messages: unknown) =>
    formatterFor(locale, messages as Messages);
  const outcome = (done: number) =>
    Array.from({ length: done }, () => ({ done: true, message: '' }));

  it('counts a bulk outcome with every Russian and Arabic plural form', () => {
    const russian = inLocale('ru', ru);
    expect(bulkOutcomeText(outcome(1), 'banned', russian).text).toBe('Заблокирован 1 аккаунт');
    expect(bulkOutcomeText(outcome(3), 'banned', russian).text).toBe('Заблокировано 3 аккаунта');
    expect(bulkOutcomeText(outcome(5), 'banned', russian).text).toBe('Заблокировано 5 аккаунтов');
    const arabic = inLocale('ar', ar);
    expect(bulkOutcomeText(outcome(1), 'banned', arabic).text).toBe('تم حظر حساب واحد');
    expect(bulkOutcomeText(outcome(2), 'banned', arabic).text).toBe('تم حظر حسابين');
    expect(bulkOutcomeText(outcome(11), 'banned', arabic).text).toBe('تم حظر 11 حسابًا');
  });

  it('names the audit fields, values and targets in the language', () => {
    const spanish = inLocale('es', es);
    expect(auditChanges({ banned_at: null }, { banned_at: true }, spanish)).toEqual([
      { field: 'Suspendido el', before: 'ninguno', after: 'Sí' },
    ]);
    expect(auditActionLabel('user.ban', spanish)).toBe('Suspendió');
    expect(auditTargetText('invite:5', spanish)).toBe('Invitación 5');
    expect(userActionTexts('ban', 'alice', 'member', spanish).title).toBe('¿Suspender a alice?');
  });
});
