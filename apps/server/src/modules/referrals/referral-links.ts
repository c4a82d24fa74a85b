import type { Config } from '../../env.ts';

export interface ReferralLinks {
  /** The sign-up page with the user's code filled in. */
  referralUrl: string;
  /** A tweet composer with an invitation carrying the referral link. */
  twitterUrl: string;
}

/** The links of the Refer Your Friends bar (dashboard and referral screens). */
export function referralLinksOf(config: Config, referralCode: string): ReferralLinks {
  const referralUrl = `${config.PUBLIC_URL}/register?ref=${encodeURIComponent(referralCode)}`;
  const text = `I'm earning Bytes on ${config.PRODUCT_NAME} by sharing my network. Join me: ${referralUrl}`;
  return {
    referralUrl,
    twitterUrl: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}`,
  };
}
