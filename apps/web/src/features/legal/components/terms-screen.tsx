import { getPublicConfig } from '@/config/public-config';
import { useIntl } from '@/lib/i18n/use-intl';
import { LegalDocument } from './legal-document';

export function TermsScreen() {
  const { productName } = getPublicConfig();
  const intl = useIntl();
  return (
    <LegalDocument
      title={intl.formatMessage({ id: 'legal.terms.title', defaultMessage: 'Terms of Service' })}
    >
      <p>
        {intl.formatMessage(
          {
            id: 'legal.terms.fairUse',
            defaultMessage:
              'By creating a {productName} account you agree to use the service fairly: one account per person, no automated sign-ups, and no manipulation of speed tests, referrals or quests.',
          },
          { productName },
        )}
      </p>
      <p>
        {intl.formatMessage({
          id: 'legal.terms.bytes',
          defaultMessage:
            'Bytes are reward points without cash value. Accounts that break these terms may be suspended and their Bytes withdrawn.',
        })}
      </p>
      <p>
        {intl.formatMessage(
          {
            id: 'legal.terms.updates',
            defaultMessage:
              'The operator of this {productName} server may update these terms at any time.',
          },
          { productName },
        )}
      </p>
    </LegalDocument>
  );
}
