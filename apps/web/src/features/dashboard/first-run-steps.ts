import type { FirstRunState } from '@netpulse/shared';
import { paths } from '@/config/paths';

export interface FirstRunStep {
  key: keyof FirstRunState;
  label: string;
  /** Where the step is done. */
  to: string;
  done: boolean;
}

/** The checklist's steps in the order a newcomer does them (docs/decisions/033). */
const STEPS: Omit<FirstRunStep, 'done'>[] = [
  { key: 'email_verified', label: 'Verify your email', to: paths.checkInbox.href() },
  {
    key: 'extension_signed_in',
    label: 'Install the extension and sign it in',
    to: paths.install.href(),
  },
  { key: 'first_test', label: 'Run your first speed test', to: paths.nodes.href() },
  { key: 'first_daily_claim', label: 'Claim your first daily Bytes', to: paths.quests.href() },
  { key: 'first_friend_invited', label: 'Invite your first friend', to: paths.referral.href() },
];

export function firstRunSteps(state: FirstRunState): FirstRunStep[] {
  return STEPS.map((step) => ({ ...step, done: state[step.key] }));
}

/** True once every step is done: the list is then gone, for good (each step only turns true). */
export function isFirstRunDone(state: FirstRunState): boolean {
  return STEPS.every((step) => state[step.key]);
}
