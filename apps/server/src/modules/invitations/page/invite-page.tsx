import { Fragment } from 'react';
import type { InvitePageDto } from '@magiim/shared';
import { AnswerSection, type AnswerOutcome } from './answer-form.js';
import { initialFormValues, type AnswerFormErrors, type AnswerFormValues } from './answer-form-values.js';
import { TextWith } from './bidi-text.js';
import { EventHero, WhenCard, WhereCard } from './event-details.js';
import { pageFactsOf, withLang, type PagePaths } from './page-facts.js';
import { PageShell } from './page-shell.js';

export interface InvitePageProps {
  page: InvitePageDto;
  paths: PagePaths;
  appUrl: string;
  scriptSrc: string | null;
  /** After a POST: what the guest sent, and what came of it. */
  values?: AnswerFormValues;
  errors?: AnswerFormErrors | null;
  outcome?: AnswerOutcome;
  /** The event's approved gift link: offered to a guest who answered they are coming. */
  giftLink?: string | null;
  /** Issue 31: the coming guest's check-in code and its QR (an SVG drawn by `qrcode` from the code alone). */
  checkin?: CheckinPass | null;
}

export interface CheckinPass {
  code: string;
  svg: string;
}

/** The coming guest's check-in code as a QR (on the invitation and on the directions page of the message's link). */
export const CheckinCard = ({ pass, title, text }: { pass: CheckinPass; title: string; text: string }) => (
  <section className="card" aria-labelledby="checkin" data-checkin-code={pass.code}>
    <h2 id="checkin">{title}</h2>
    <p>{text}</p>
    {/* The SVG is drawn by `qrcode` from the code alone (URL-safe base64): nothing of the guest's input. */}
    <div className="qr" role="img" aria-label={title} dangerouslySetInnerHTML={{ __html: pass.svg }} />
  </section>
);

/** Issue 31: "Your table: 12" for a coming, seated guest once the host shows tables to guests; the number isolated. */
export const TableCard = ({ table, texts }: { table: NonNullable<InvitePageDto['table']>; texts: { yourTable: string; yourTableNamed: string } }) => (
  <section className="card" data-guest-table={table.number}>
    <p className="big">
      <TextWith template={table.name ? texts.yourTableNamed : texts.yourTable} values={{ table: table.number, name: table.name ?? '' }} />
    </p>
  </section>
);

/** The invitation: the event, when and where, and the RSVP form (personal, public or the host's preview). */
export const InvitePage = ({ page, paths, appUrl, scriptSrc, values, errors = null, outcome = null, giftLink = null, checkin = null }: InvitePageProps) => {
  const facts = pageFactsOf(page, paths, appUrl, paths.invite);
  const { texts } = facts;
  const name = page.guest?.fullName.trim();
  const acting = page.kind !== 'preview';
  const hasForm = acting && !page.closed && outcome !== 'wrongNumber';
  const wrongNumber = outcome === 'wrongNumber' || page.answer?.status === 'wrongNumber';
  return (
    <PageShell
      lang={page.lang}
      title={page.event.name}
      appUrl={appUrl}
      // the host's preview has its own language tabs around the frame
      langs={page.kind === 'preview' ? [] : page.langs}
      meta={facts.meta}
      scriptSrc={hasForm ? scriptSrc : null}
      preview={page.kind === 'preview'}
    >
      <EventHero page={page} facts={facts}>
        {page.kind === 'public' || wrongNumber ? null : (
          <p className="big greet">{name ? <TextWith template={texts.greeting} values={{ name }} /> : texts.greetingNoName}</p>
        )}
        {/* Whoever reported the number is not the guest: no "we would love to see you". */}
        {outcome === 'wrongNumber' ? <p className="big greet">{texts.greetingWrongNumber}</p> : null}
        <hr className="rule" />
        <p className="big">
          {facts.when.dateText}
          {page.lang === 'ar' ? '، ' : ', '}
          <span className="nowrap">
            <TextWith template={texts.atTime} values={{ time: facts.when.timeText }} />
          </span>
        </p>
        {facts.when.hebrewDate ? <p className="soft">{facts.when.hebrewDate}</p> : null}
        <p data-hero-location="">
          {[page.event.location.venue, page.event.location.place].filter(Boolean).map((part, index) => (
            <Fragment key={part}>
              {index > 0 ? (page.lang === 'ar' ? '، ' : ', ') : null}
              <bdi>{part}</bdi>
            </Fragment>
          ))}
        </p>
      </EventHero>
      <AnswerSection
        page={page}
        texts={texts}
        values={values ?? initialFormValues(page)}
        errors={errors}
        outcome={outcome}
        action={acting ? `${withLang(paths.invite, page.lang)}#answer` : null}
        wrongNumberAction={acting ? `${withLang(`${paths.invite}/wrong-number`, page.lang)}#answer` : null}
        stopMessagesAction={acting ? `${withLang(`${paths.invite}/stop-messages`, page.lang)}#stop-messages` : null}
        freshUrl={page.kind === 'public' ? withLang(paths.invite, page.lang) : undefined}
      />
      {page.table ? <TableCard table={page.table} texts={texts} /> : null}
      {checkin && page.answer?.status === 'approved' ? <CheckinCard pass={checkin} title={texts.checkinTitle} text={texts.checkinText} /> : null}
      {giftLink && page.answer?.status === 'approved' ? (
        <section className="card" aria-labelledby="gift" data-gift="">
          <h2 id="gift">{texts.giftTitle}</h2>
          <p>{texts.giftText}</p>
          <div className="btns">
            <a className="btn" href={giftLink} target="_blank" rel="noopener noreferrer">
              {texts.giftButton}
            </a>
          </div>
        </section>
      ) : null}
      {/* Whoever reported a wrong number is not invited: no calendar or directions for them. */}
      {outcome === 'wrongNumber' ? null : (
        <>
          <WhenCard facts={facts} />
          <WhereCard page={page} facts={facts} />
        </>
      )}
    </PageShell>
  );
};
