/**
 * The server speaks the person's language (issue 28): the envelope's messages in the
 * request's language (its cookie or Accept-Language when signed out, the account's when
 * signed in), every mail in the account's, and the account's language kept and set.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGE_TEMPLATES, SERVER_MESSAGES } from '@netpulse/shared';
import { users } from '../../src/db/tables/auth-tables.ts';
import { english, translate } from '../../src/lib/server-intl.ts';
import {
  AUTH,
  logIn,
  newPerson,
  profile,
  signedInPerson,
  signUp,
  verificationTokenFor,
} from '../helpers/auth-flow.ts';
import { mailsOf, waitForMailTo } from '../helpers/mail.ts';
import { signedInNode } from '../helpers/nodes.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const PREFERENCES = '/v1/api/account/preferences';

function setLocale(
  person: { accessToken: string },
  locale: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'PATCH',
    url: PREFERENCES,
    headers: { authorization: `Bearer ${person.accessToken}`, ...headers },
    payload: { locale },
  });
}

/** A login with no body: 400 with a message per field. */
function emptyLogin(headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: `${AUTH}/login`, headers, payload: {} });
}

async function localeOf(username: string) {
  const [user] = await t.database.db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.username, username));
  return user?.locale;
}

describe('the envelope in the request language', () => {
  it('says a validation error, field by field, in the Accept-Language of a signed-out request', async () => {
    const inEnglish = await emptyLogin({});
    expect(inEnglish.statusCode).toBe(400);
    const englishErrors = inEnglish.json().errors as Record<string, string[]>;
    expect(inEnglish.json().message).toBe(SERVER_MESSAGES.validationFailed);

    for (const [header, locale, message] of [
      ['es-MX,es;q=0.9,en;q=0.5', 'es', 'La validación falló'],
      ['ru', 'ru', 'Ошибка проверки данных'],
      ['ar-EG', 'ar', 'فشل التحقق من البيانات'],
    ] as const) {
      const response = await emptyLogin({ 'accept-language': header });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      // Each field's message is its registered text in that language.
      expect(response.json().errors).toEqual(
        Object.fromEntries(
          Object.entries(englishErrors).map(([field, messages]) => [
            field,
            messages.map((text) => translate(locale, text)),
          ]),
        ),
      );
    }
  });

  it('says a refusal in the language chosen on the page (its cookie) before Accept-Language', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: `${AUTH}/profile`,
      headers: { 'accept-language': 'es' },
      cookies: { np_locale: 'ar' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ success: false, message: 'تسجيل الدخول مطلوب' });

    const inRussian = await t.app.inject({
      method: 'GET',
      url: `${AUTH}/profile`,
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    expect(inRussian.json().message).toBe('Требуется вход');
    const inSpanish = await t.app.inject({
      method: 'GET',
      url: `${AUTH}/profile`,
      headers: { 'accept-language': 'es' },
    });
    expect(inSpanish.json().message).toBe('Se requiere autenticación');
  });

  it('says a message with a count in each language’s plural forms', () => {
    const locked = (locale: 'en' | 'ru' | 'ar', minutes: number) =>
      translate(locale, SERVER_MESSAGE_TEMPLATES.loginLocked, { minutes });
    // The English stays the spec's words.
    expect(locked('en', 1)).toBe(
      'Too many failed login attempts for this account. Please try again in 1 minute.',
    );
    expect(locked('en', 15)).toMatch(/try again in 15 minutes\.$/);
    expect(locked('ru', 1)).toMatch(/через 1 минуту\.$/);
    expect(locked('ru', 3)).toMatch(/через 3 минуты\.$/);
    expect(locked('ru', 15)).toMatch(/через 15 минут\.$/);
    expect(locked('ru', 22)).toMatch(/через 22 минуты\.$/);
    expect(locked('ar', 1)).toMatch(/بعد دقيقة واحدة\.$/);
    expect(locked('ar', 2)).toMatch(/بعد دقيقتين\.$/);
    expect(locked('ar', 5)).toMatch(/بعد 5 دقائق\.$/);
    expect(locked('ar', 15)).toMatch(/بعد 15 دقيقة\.$/);
  });

  it('says a refusal with a wait in the request language, and in English word for word', async () => {
    const person = newPerson();
    expect((await signUp(t, person)).statusCode).toBe(200);
    const resend = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `${AUTH}/resend-verification`,
        headers,
        payload: { email: person.email },
      });
    const inEnglish = await resend({});
    expect(inEnglish.statusCode).toBe(429);
    expect(inEnglish.json().message).toBe('You can resend in 60 s.');
    expect((await resend({ 'accept-language': 'ru' })).json().message).toBe(
      'Отправить снова можно через 60 с.',
    );
    expect((await resend({ 'accept-language': 'es' })).json().message).toBe(
      'Podrás reenviarlo en 60 s.',
    );
    expect(english(SERVER_MESSAGE_TEMPLATES.resendWait, { minutes: 3, seconds: 5 })).toBe(
      'You can resend in 3 min 5 s.',
    );
    expect(english(SERVER_MESSAGE_TEMPLATES.resendWait, { minutes: 55, seconds: 0 })).toBe(
      'You can resend in 55 min.',
    );
  });
});

describe('the account language', () => {
  it('starts as the language the account signed up in (never the pseudo-locale), and the profile returns it', async () => {
    const russian = newPerson();
    const mailsBefore = t.mails().length;
    const response = await signUp(t, russian, { headers: { 'accept-language': 'ru,en;q=0.8' } });
    expect(response.json().message).toBe(
      'Мы отправили письмо для подтверждения на ваш адрес почты.',
    );
    expect(await localeOf(russian.username)).toBe('ru');
    await verificationTokenFor(t, russian.email, mailsBefore);

    const pseudo = newPerson();
    await signUp(t, pseudo, { headers: { 'accept-language': 'en-XA' } });
    expect(await localeOf(pseudo.username)).toBe('en');

    const person = await signedInPerson(t);
    const read = await profile(t, person.accessToken);
    expect(read.json().data.locale).toBe('en');
  });

  it('is set by PATCH /account/preferences, then decides the answers over Accept-Language', async () => {
    const person = await signedInPerson(t);
    const set = await setLocale(person, 'es');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      success: true,
      message: 'Tus preferencias se guardaron.',
      data: { locale: 'es' },
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `${AUTH}/profile`,
      headers: { authorization: `Bearer ${person.accessToken}`, 'accept-language': 'ru' },
      cookies: { np_locale: 'ar' },
    });
    expect(read.json().data.locale).toBe('es');
    expect(read.json().message).toBe('OK');

    const refused = await setLocale(person, 'xx', { 'accept-language': 'ru' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('La validación falló');
    expect(Object.keys(refused.json().errors)).toEqual(['locale']);

    // A signed-out request of the same person still goes by what it asks for.
    const signedOut = await emptyLogin({ 'accept-language': 'ru' });
    expect(signedOut.json().message).toBe('Ошибка проверки данных');
  });

  it('refuses an unknown language and the pseudo-locale with 400 naming the field', async () => {
    const person = await signedInPerson(t);
    for (const locale of ['xx', 'en-XA', 'EN', 42]) {
      const refused = await setLocale(person, locale);
      expect(refused.statusCode, String(locale)).toBe(400);
      expect(refused.json()).toMatchObject({
        success: false,
        message: SERVER_MESSAGES.validationFailed,
        errors: { locale: [expect.stringContaining('locale must be one of en, es')] },
      });
    }
    expect((await profile(t, person.accessToken)).json().data.locale).toBe('en');
  });

  it('needs a web session, and answers an extension node’s session in English', async () => {
    const person = await signedInPerson(t);
    await setLocale(person, 'ar');
    const outside = await t.app.inject({
      method: 'PATCH',
      url: PREFERENCES,
      payload: { locale: 'es' },
    });
    expect(outside.statusCode).toBe(401);
    // The extension compares the contract's English texts and translates at its own edge.
    const node = await signedInNode(t, person);
    const fromNode = await setLocale(node, 'es', { 'accept-language': 'ru' });
    expect(fromNode.statusCode).toBe(403);
    expect(fromNode.json().message).toBe(SERVER_MESSAGES.nodeSessionForbidden);
    // The person's own session is answered in Arabic.
    const fromWeb = await profile(t, person.accessToken);
    expect(fromWeb.json().message).toBe('تم');
  });
});

describe('the mails in the account language', () => {
  it('sends the verification mail in the sign-up language: Spanish, Russian (24 hours: "few"), Arabic', async () => {
    const expected = {
      es: {
        subject: 'Verifica tu correo para Netpulse',
        text: 'El enlace es válido durante 24 horas.',
        dir: 'ltr',
      },
      ru: {
        subject: 'Подтвердите почту для Netpulse',
        text: 'Ссылка действует 24 часа.',
        dir: 'ltr',
      },
      ar: {
        subject: 'أكِّد بريدك الإلكتروني في Netpulse',
        text: 'الرابط صالح لمدة 24 ساعة.',
        dir: 'rtl',
      },
    } as const;
    for (const [locale, words] of Object.entries(expected)) {
      const person = newPerson();
      const mailsBefore = t.mails().length;
      await signUp(t, person, { headers: { 'accept-language': locale } });
      const mail = await waitForMailTo(t, person.email, mailsBefore);
      expect(mail.subject).toBe(words.subject);
      expect(mail.text).toContain(words.text);
      expect(mail.text).toMatch(/\/verify-email\/[A-Za-z0-9_-]+/);
      expect(mail.html).toContain(`<html lang="${locale}" dir="${words.dir}">`);
      expect(mail.html).toContain(words.text);
    }
  });

  it('sends the reset mail in the account language, whatever the request asks for (Russian: 1 hour)', async () => {
    const person = await signedInPerson(t);
    await setLocale(person, 'ru');
    const mailsBefore = t.mails().length;
    await t.app.inject({
      method: 'POST',
      url: `${AUTH}/forgot-password`,
      headers: { 'accept-language': 'es' },
      payload: { email: person.email },
    });
    const mail = await waitForMailTo(t, person.email, mailsBefore);
    expect(mail.subject).toBe('Сброс пароля Netpulse');
    expect(mail.text).toContain('Ссылка действует 1 час.');
    expect(mail.text).toMatch(/Выберите новый пароль: \S+\/reset-password\?token=/);
  });

  it('sends the sign-up attempt and already-verified notices in the account language', async () => {
    const person = await signedInPerson(t);
    await setLocale(person, 'ar');

    // Mail files are named by the (manual) clock and purpose: found by recipient and subject.
    const mailWithSubject = (subject: string) =>
      vi.waitFor(
        () => {
          const mail = mailsOf(t).find((m) => m.to === person.email && m.subject === subject);
          if (!mail) throw new Error(`no mail "${subject}" yet`);
          return mail;
        },
        { timeout: 5_000, interval: 20 },
      );
    const again = await signUp(
      t,
      { ...newPerson(), email: person.email },
      { headers: { 'accept-language': 'es' } },
    );
    expect(again.statusCode, again.body).toBe(200);
    const attempt = await mailWithSubject('حاول أحدهم التسجيل في Netpulse ببريدك الإلكتروني');
    expect(attempt.html).toContain('dir="rtl"');

    // Past the wait the sign-up's own mail started (decision 033).
    t.clock.advance(15 * 60_000);
    const resent = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/resend-verification`,
      payload: { email: person.email },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const verified = await mailWithSubject('بريدك الإلكتروني في Netpulse مؤكَّد بالفعل');
    expect(verified.text).toContain('سجّل الدخول فقط');
  });

  it('keeps the English mails word for word', async () => {
    const person = newPerson();
    const mailsBefore = t.mails().length;
    await signUp(t, person);
    const mail = await waitForMailTo(t, person.email, mailsBefore);
    expect(mail.subject).toBe('Verify your email for Netpulse');
    expect(mail.text).toContain(
      'The link is valid for 24 hours. If you did not sign up, you can ignore this mail.',
    );
    // Logging in again reads the account's language with the session: no mail, no change.
    expect((await logIn(t, person.username)).statusCode).toBe(403);
  });
});
