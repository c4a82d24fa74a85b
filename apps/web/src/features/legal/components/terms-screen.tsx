import { getPublicConfig } from '@/config/public-config';
import { LegalDocument } from './legal-document';

export function TermsScreen() {
  const { productName } = getPublicConfig();
  return (
    <LegalDocument title="Terms of Service">
      <p>
        By creating a {productName} account you agree to use the service fairly: one account per
        person, no automated sign-ups, and no manipulation of speed tests, referrals or quests.
      </p>
      <p>
        Bytes are reward points without cash value. Accounts that break these terms may be suspended
        and their Bytes withdrawn.
      </p>
      <p>The operator of this {productName} server may update these terms at any time.</p>
    </LegalDocument>
  );
}
