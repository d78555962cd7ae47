import type { InvitePageDto } from '@magiim/shared';
import { EventHero, WhenCard, WhereCard } from './event-details.js';
import { pageFactsOf, withLang, type PagePaths } from './page-facts.js';
import { PageShell } from './page-shell.js';
import { CheckinCard, TableCard, type CheckinPass } from './invite-page.js';

/** Navigation: the venue with Waze and Google Maps first, then the date and calendar, and a way back to answer. */
export interface NavigatePageProps {
  page: InvitePageDto;
  paths: PagePaths;
  appUrl: string;
  /** Issue 31: a coming guest's check-in code, shown with the directions (the message's link). */
  checkin?: CheckinPass | null;
}

export const NavigatePage = ({ page, paths, appUrl, checkin = null }: NavigatePageProps) => {
  const facts = pageFactsOf(page, paths, appUrl, paths.navigate);
  const { texts } = facts;
  return (
    <PageShell lang={page.lang} title={`${texts.navigateTitle}: ${page.event.name}`} appUrl={appUrl} langs={page.kind === 'preview' ? [] : page.langs} meta={facts.meta} preview={page.kind === 'preview'}>
      <EventHero page={page} facts={facts}>
        <p className="big">{texts.navigateTitle}</p>
      </EventHero>
      {page.table ? <TableCard table={page.table} texts={texts} /> : null}
      {checkin && page.answer?.status === 'approved' ? <CheckinCard pass={checkin} title={texts.checkinTitle} text={texts.checkinText} /> : null}
      <WhereCard page={page} facts={facts} />
      <WhenCard facts={facts} />
      {page.closed ? null : (
        <p className="btns">
          <a className="btn main" href={withLang(paths.invite, page.lang)}>
            {texts.toInvitation}
          </a>
        </p>
      )}
    </PageShell>
  );
};
