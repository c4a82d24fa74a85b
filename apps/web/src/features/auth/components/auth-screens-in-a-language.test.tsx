// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaProps } from '@/components/captcha/captcha-props';
import { switchLocale } from '@/lib/i18n/active-locale';
import { RegisterScreen } from './register-screen';
import { renderInApp } from '@testing/render-in-app';

vi.mock('@/components/captcha/captcha', () => ({
  Captcha: ({ onVerify }: CaptchaProps) => (
    <button type="button" onClick={() => onVerify('solved')}>
      Solve captcha
    </button>
  ),
}));

function renderRegister() {
  return renderInApp(<RegisterScreen />, { at: '/register' });
}

afterEach(async () => {
  cleanup();
  await switchLocale('en');
});

describe('the sign-up screen in the page language', () => {
  it('speaks Russian: labels, the consent sentence with its links, and a schema message', async () => {
    await switchLocale('ru');
    renderRegister();
    expect(screen.getByRole('heading', { name: 'Создайте аккаунт' })).toBeTruthy();
    expect(screen.getByLabelText('Имя пользователя')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Условия использования' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Показать: пароль' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
    expect(await screen.findByText('Укажите адрес электронной почты')).toBeTruthy();
  });

  it('speaks Arabic, and the page is right to left', async () => {
    await switchLocale('ar');
    renderRegister();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { name: 'أنشئ حسابك' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'سياسة الخصوصية' })).toBeTruthy();
  });
});
