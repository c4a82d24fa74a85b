import { describe, expect, it } from 'vitest';
import { catalogPart, catalogPartOf } from './catalog-parts';

describe('catalogPartOf', () => {
  it('puts the first load texts in start, the console in its own part, the rest in rest', () => {
    expect(catalogPartOf('login.title')).toBe('start');
    expect(catalogPartOf('validation.emailOrUsernameRequired')).toBe('start');
    expect(catalogPartOf('console.users.title')).toBe('console');
    expect(catalogPartOf('explorer.mapTitle')).toBe('explorer');
    expect(catalogPartOf('login.explorer')).toBe('start');
    expect(catalogPartOf('dashboard.networkExplorer')).toBe('rest');
  });

  it("gives a screen's own texts the screen's part, and leaves what the frame shows in rest", () => {
    expect(catalogPartOf('nodes.emptyTitle')).toBe('nodes');
    expect(catalogPartOf('nodeMessages.heartbeat')).toBe('nodes');
    expect(catalogPartOf('settings.changePassword')).toBe('account');
    expect(catalogPartOf('emailChange.confirmedTitle')).toBe('account');
    expect(catalogPartOf('questTitles.discordJoin')).toBe('quests');
    expect(catalogPartOf('register.title')).toBe('guest');
    expect(catalogPartOf('authToasts.registerSuccess')).toBe('guest');
    expect(catalogPartOf('notifications.title')).toBe('notifications');
    // The bell is in the signed-in frame's header, on every page.
    expect(catalogPartOf('notifications.bell')).toBe('rest');
    expect(catalogPartOf('notifications.bellUnread')).toBe('rest');
    // Shared by the settings' forms and sign-up's.
    expect(catalogPartOf('validation.newPasswordTooShort')).toBe('rest');
    expect(catalogPartOf('accountValidation.codeRequired')).toBe('rest');
  });

  it('leaves to rest what /login shows only after a step it loads on demand', () => {
    expect(catalogPartOf('login.twoFactorTitle')).toBe('rest');
    expect(catalogPartOf('login.passkeyFailureCancelled')).toBe('rest');
    expect(catalogPartOf('login.passkeySignIn')).toBe('start');
  });

  it('leaves to rest the texts only the lazy screens show, keeping what /login shows', () => {
    expect(catalogPartOf('nav.dashboard')).toBe('rest');
    expect(catalogPartOf('nav.home')).toBe('start');
    expect(catalogPartOf('authToasts.loginFailure')).toBe('start');
    expect(catalogPartOf('ui.pagination.next')).toBe('rest');
    expect(catalogPartOf('ui.passwordField.show')).toBe('start');
    expect(catalogPartOf('ui.loading')).toBe('start');
    expect(catalogPartOf('validation.usernameTooShort')).toBe('rest');
    expect(catalogPartOf('validation.emailRequired')).toBe('rest');
    expect(catalogPartOf('validation.emailOrUsernameInvalid')).toBe('start');
    expect(catalogPartOf('validation.passwordTooShort')).toBe('start');
    expect(catalogPartOf('validation.captchaRequired')).toBe('start');
  });

  it('leaves out what the web app never shows: mails, the popup, the server answers', () => {
    expect(catalogPartOf('mail.verify.subject')).toBeNull();
    expect(catalogPartOf('extension.runNow')).toBeNull();
    expect(catalogPartOf('serverMessages.loggedIn')).toBeNull();
    expect(catalogPartOf('fraudSignals.implausibleSummary')).toBeNull();
  });

  it('cuts a catalog to one part', () => {
    const messages = {
      'login.title': 1,
      'console.title': 2,
      'nodes.title': 3,
      'mail.x': 4,
      'explorer.title': 5,
      'nav.dashboard': 6,
    };
    expect(catalogPart(messages, 'start')).toEqual({ 'login.title': 1 });
    expect(catalogPart(messages, 'console')).toEqual({ 'console.title': 2 });
    expect(catalogPart(messages, 'rest')).toEqual({ 'nav.dashboard': 6 });
    expect(catalogPart(messages, 'nodes')).toEqual({ 'nodes.title': 3 });
    expect(catalogPart(messages, 'explorer')).toEqual({ 'explorer.title': 5 });
  });
});
