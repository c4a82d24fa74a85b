export * from './utc-day.ts';
export * from './daily-claim.ts';
export * from './milestones.ts';
export * from './boosts.ts';
export * from './pagination.ts';
export * from './formatting.ts';
export * from './referrals.ts';
export * from './receipt.ts';
