import { PageHeading } from '../../../components/ui/page-heading';

/** The Earnings screen (spec section 2); its panels come with the Earnings issue. */
export function EarningsScreen() {
  return (
    <section className="flex flex-col gap-6">
      <PageHeading title="Earnings" />
    </section>
  );
}
