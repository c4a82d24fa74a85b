export interface CaptchaProps {
  /** The solved captcha, as the server expects it in `captchaResponse`. */
  onVerify: (captchaResponse: string) => void;
  /** The solution is no longer valid (expired or errored); the form must forget it. */
  onExpire: () => void;
  /** Changing it resets the widget, e.g. after a failed login used up the solution. */
  resetKey: number;
}
