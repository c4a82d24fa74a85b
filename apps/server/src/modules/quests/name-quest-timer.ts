/**
 * The keep-name timer of the name quests (docs/ARCHITECTURE.md section 5): the first
 * check that finds the product name starts a timer; a check after it ends, with
 * the name still there, verifies. A check without the name stops the timer.
 */
export type NameCheckOutcome = 'missing' | 'started' | 'running' | 'verified';

export interface NameCheckStep {
  outcome: NameCheckOutcome;
  /** The end of the timer to keep: null when none runs. */
  timerEnd: Date | null;
}

export function nameCheckStep(check: {
  hasName: boolean;
  timerEnd: Date | null;
  now: Date;
  keepMs: number;
}): NameCheckStep {
  if (!check.hasName) return { outcome: 'missing', timerEnd: null };
  if (check.timerEnd === null) {
    return { outcome: 'started', timerEnd: new Date(check.now.getTime() + check.keepMs) };
  }
  if (check.now < check.timerEnd) return { outcome: 'running', timerEnd: check.timerEnd };
  return { outcome: 'verified', timerEnd: check.timerEnd };
}

/** Whether a profile name carries the product name (any case). */
export function carriesProductName(name: string, productName: string): boolean {
  return name.toLocaleLowerCase('en').includes(productName.toLocaleLowerCase('en'));
}
