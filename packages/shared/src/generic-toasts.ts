import { defineTexts } from '@netpulse/i18n';

export const GENERIC_TOASTS = defineTexts('genericToasts', {
  somethingWentWrong: 'Something went wrong',
  somethingWentWrongBang: 'Something went wrong!',
  copied: 'Copied!',
});
