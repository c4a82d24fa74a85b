/** The ledger module's public face: other modules import only this file. */
export {
  type Credit,
  type Credited,
  creditGroup,
  creditPoints,
  type GroupCredit,
  type GroupUserChanges,
  type UserChanges,
} from './credit-points.ts';
export { renameRefereeInCredits } from './credit-details-repository.ts';
export { type CycleTotal, cycleTotalsOf } from './cycle-totals-repository.ts';
