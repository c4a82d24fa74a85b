import type { FirstRunState } from '@netpulse/shared';
import { defineMessages, type MessageDescriptor } from '@netpulse/i18n';
import { paths } from '@/config/paths';

export interface FirstRunStep {
  key: keyof FirstRunState;
  /** Formatted where it shows (the language is known only then). */
  label: MessageDescriptor;
  /** Where the step is done. */
  to: string;
  done: boolean;
}

/** The checklist's steps in the order a newcomer does them (docs/decisions/033). */
const labels = defineMessages({
  verifyEmail: { id: 'dashboard.firstRunVerifyEmail', defaultMessage: 'Verify your email' },
  installExtension: {
    id: 'dashboard.firstRunInstallExtension',
    defaultMessage: 'Install the extension and sign it in',
  },
  firstTest: { id: 'dashboard.firstRunFirstTest', defaultMessage: 'Run your first speed test' },
  firstDailyClaim: {
    id: 'dashboard.firstRunFirstDailyClaim',
    defaultMessage: 'Claim your first daily Bytes',
  },
  firstFriend: { id: 'dashboard.firstRunFirstFriend', defaultMessage: 'Invite your first friend' },
});

const STEPS: Omit<FirstRunStep, 'done'>[] = [
  { key: 'email_verified', label: labels.verifyEmail, to: paths.checkInbox.href() },
  { key: 'extension_signed_in', label: labels.installExtension, to: paths.install.href() },
  { key: 'first_test', label: labels.firstTest, to: paths.nodes.href() },
  { key: 'first_daily_claim', label: labels.firstDailyClaim, to: paths.quests.href() },
  { key: 'first_friend_invited', label: labels.firstFriend, to: paths.referral.href() },
];

export function firstRunSteps(state: FirstRunState): FirstRunStep[] {
  return STEPS.map((step) => ({ ...step, done: state[step.key] }));
}

/** True once every step is done: the list is then gone, for good (each step only turns true). */
export function isFirstRunDone(state: FirstRunState): boolean {
  return STEPS.every((step) => state[step.key]);
}
