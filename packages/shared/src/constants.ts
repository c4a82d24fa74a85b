/** Product-wide constants of spec section 9 and ARCHITECTURE.md section 5. */
export const DEFAULT_PRODUCT_NAME = 'Netpulse';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 4;

/** Cycles (also called seasons or campaigns), in the order they run. */
export const CYCLES = ['Kilo', 'Mega', 'Giga', 'Terra', 'Peta'] as const;
export type Cycle = (typeof CYCLES)[number];
export const DEFAULT_CYCLE: Cycle = 'Kilo';

export const QUESTS_TOTAL = 19;

export const DEFAULT_PAGE_META = {
  current: 1,
  total_pages: 1,
  total_results: 0,
  size: 10,
} as const;
export const TABLE_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 100;

/** Referral codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Key under which the web app keeps the access token in local storage. */
export const TOKEN_STORAGE_KEY = 'token';
