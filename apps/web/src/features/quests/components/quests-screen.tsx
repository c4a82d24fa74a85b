import { PageHeading } from '../../../components/ui/page-heading';

/** The Quests screen (spec section 2); its panels come with the Quests issue. */
export function QuestsScreen() {
  return (
    <section className="flex flex-col gap-6">
      <PageHeading title="Quests" />
    </section>
  );
}
