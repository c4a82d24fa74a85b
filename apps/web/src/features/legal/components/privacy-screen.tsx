import { getPublicConfig } from '@/config/public-config';
import { LegalDocument } from './legal-document';

export function PrivacyScreen() {
  const { productName } = getPublicConfig();
  return (
    <LegalDocument title="Privacy Policy">
      <p>
        {productName} stores your email address, username and password hash to run your account, and
        the results of the speed tests you contribute, including the IP address they came from and,
        if you share it, an approximate location.
      </p>
      <p>
        Your email address is used only for account messages such as verification and password
        resets. It is never shown to other users in full.
      </p>
      <p>You can ask the operator of this server to delete your account and its data.</p>
    </LegalDocument>
  );
}
