import { getPublicConfig } from '@/config/public-config';
import { useIntl } from '@/lib/i18n/use-intl';
import { LegalDocument } from './legal-document';

export function PrivacyScreen() {
  const { productName } = getPublicConfig();
  const intl = useIntl();
  return (
    <LegalDocument
      title={intl.formatMessage({ id: 'legal.privacy.title', defaultMessage: 'Privacy Policy' })}
    >
      <p>
        {intl.formatMessage(
          {
            id: 'legal.privacy.whatIsStored',
            defaultMessage:
              '{productName} stores your email address, username and password hash to run your account, and the results of the speed tests you contribute, including the IP address they came from and, if you share it, an approximate location.',
          },
          { productName },
        )}
      </p>
      <p>
        {intl.formatMessage({
          id: 'legal.privacy.emailUse',
          defaultMessage:
            'Your email address is used only for account messages such as verification and password resets. It is never shown to other users in full.',
        })}
      </p>
      <p>
        {intl.formatMessage({
          id: 'legal.privacy.deletion',
          defaultMessage:
            'You can ask the operator of this server to delete your account and its data.',
        })}
      </p>
    </LegalDocument>
  );
}
