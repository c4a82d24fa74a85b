import { PageHeading } from '../../../components/ui/page-heading';

/** The Referral screen (spec section 2); its panels come with the Referral issue. */
export function ReferralScreen() {
  return (
    <section className="flex flex-col gap-6">
      <PageHeading title="Referral" />
    </section>
  );
}
