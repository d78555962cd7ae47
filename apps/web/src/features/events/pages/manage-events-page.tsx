import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { EventsEmptyState } from '../components/events-empty-state';

/** The host's events. Listing comes with the events API; a new host has none yet. */
export function ManageEventsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading>{t('events.list.title')}</PageHeading>
      <EventsEmptyState />
    </>
  );
}
