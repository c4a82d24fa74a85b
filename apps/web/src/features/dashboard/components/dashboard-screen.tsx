import { PageHeading } from '../../../components/ui/page-heading';

/** The Dashboard screen (spec section 2); its panels come with the Dashboard issue. */
export function DashboardScreen() {
  return (
    <section className="flex flex-col gap-6">
      <PageHeading title="Dashboard" />
    </section>
  );
}
