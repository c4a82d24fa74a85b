import { PageHeading } from '../../../components/ui/page-heading';

/** The Transaction History screen (spec section 2); its panels come with the Transaction History issue. */
export function TransactionHistoryScreen() {
  return (
    <section className="flex flex-col gap-6">
      <PageHeading title="Transaction History" />
    </section>
  );
}
