import { Fragment, type ReactNode } from 'react';
import { RSVP_ANSWERS, SPECIAL_MEALS, type GuestAnswerDto, type Lang, type InvitePageDto, type RsvpAnswer } from '@magiim/shared';
import type { AnswerField, AnswerFormErrors, AnswerFormValues } from './answer-form-values.js';
import { TextWith } from './bidi-text.js';
import { LANGUAGE_NAMES, messageText, type PageTexts, type TextKey } from './page-texts.js';

/** held: a public-link answer kept for the hosts to decide on (it is not the guest's answer on the list yet). */
export type AnswerOutcome = 'saved' | 'held' | 'wrongNumber' | 'optedOut' | null;

export interface AnswerSectionProps {
  page: InvitePageDto;
  texts: PageTexts;
  values: AnswerFormValues;
  errors: AnswerFormErrors | null;
  outcome: AnswerOutcome;
  /** Where the form posts (with ?lang); null on the host's preview, where nothing is sent. */
  action: string | null;
  wrongNumberAction: string | null;
  /** "Stop messages for this event" (personal pages only); null on the host's preview. */
  stopMessagesAction?: string | null;
  /** The public page afresh: after answering, the next person in the family answers for themselves. */
  freshUrl?: string | undefined;
}

const STATUS_CHOICE: Record<RsvpAnswer, TextKey> = { approved: 'statusApproved', declined: 'statusDeclined', maybe: 'statusMaybe' };
const STATUS_NAME: Record<RsvpAnswer, TextKey> = { approved: 'answerApproved', declined: 'answerDeclined', maybe: 'answerMaybe' };
const THANKS: Record<RsvpAnswer, TextKey> = { approved: 'thanksApproved', declined: 'thanksDeclined', maybe: 'thanksMaybe' };

/** The element an error summary link jumps to, and the label it names. */
const FIELD_TARGET: Record<AnswerField, { id: string; label: TextKey }> = {
  fullName: { id: 'fullName', label: 'fullNameLabel' },
  phoneNumber: { id: 'phoneNumber', label: 'phoneLabel' },
  lang: { id: 'formLang', label: 'formLangLabel' },
  status: { id: 'status-approved', label: 'statusLegend' },
  attending: { id: 'attending', label: 'attendingLabel' },
  split: { id: 'split', label: 'splitErrorLabel' },
  meals: { id: 'meals', label: 'mealsLegend' },
  transport: { id: 'transport-none', label: 'transportLegend' },
  comments: { id: 'comments', label: 'commentsLabel' },
};

interface AnswerSummaryProps {
  answer: GuestAnswerDto;
  texts: PageTexts;
  lang: Lang;
  /** The page asks about transport, so "no transport needed" is part of the answer too. */
  transportAsked?: boolean;
  /** What an option value reads as in the page's language (its translation). */
  transportLabelOf?: (option: string) => string;
  linked?: boolean;
}

const errorId = (field: AnswerField) => `${field}-error`;

const ariaOf = (errors: AnswerFormErrors | null, field: AnswerField, hintId?: string) => {
  const invalid = Boolean(errors?.fields[field]);
  const describedBy = [hintId, invalid ? errorId(field) : undefined].filter(Boolean).join(' ');
  return { ...(invalid ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
};

const FieldError = ({ errors, field, texts }: { errors: AnswerFormErrors | null; field: AnswerField; texts: PageTexts }) => {
  const message = errors?.fields[field];
  return message ? (
    <p className="err" id={errorId(field)}>
      {messageText(texts, message)}
    </p>
  ) : null;
};

/** An option value to its label on this page; a value no longer offered reads as stored. */
const transportLabelOf =
  (page: InvitePageDto) =>
  (option: string): string => {
    const index = page.questions.transport?.indexOf(option) ?? -1;
    return (index >= 0 && page.questions.transportLabels?.[index]) || option;
  };

/** The coming guest's meals ("Vegetarian 2, Vegan 1") in the page's words, in the form's order. */
const mealsText = (answer: GuestAnswerDto, texts: PageTexts, separator: string): string =>
  SPECIAL_MEALS.filter((meal) => (answer.meals[meal] ?? 0) > 0)
    .map((meal) => `${texts[`meal_${meal}`]} ${answer.meals[meal]}`)
    .join(separator);

/**
 * The answer as it stands, in full (status and head count, then meals, transport and the note), so the guest
 * can check what the hosts received. Transport is repeated only when the page asks about it.
 */
export const AnswerSummary = ({ answer, texts, transportAsked = false, transportLabelOf = (option) => option, linked = true, lang }: AnswerSummaryProps) => {
  if (answer.status === 'wrongNumber') return null;
  const status = texts[STATUS_NAME[answer.status]];
  const coming = answer.status === 'approved';
  const meals = coming ? mealsText(answer, texts, lang === 'ar' ? '، ' : ', ') : '';
  const details: ReactNode[] = [];
  if (coming && answer.children !== undefined && answer.adults !== undefined) {
    details.push(<TextWith key="split" template={texts.youAnsweredAdultsChildren} values={{ adults: answer.adults, children: answer.children }} />);
  }
  if (coming && answer.men !== undefined && answer.women !== undefined) {
    details.push(<TextWith key="split" template={texts.youAnsweredMenWomen} values={{ men: answer.men, women: answer.women }} />);
  }
  if (meals) details.push(<TextWith key="meals" template={texts.youAnsweredMeals} values={{ meals }} />);
  if (coming && answer.mealsOpen && !meals) details.push(<Fragment key="meals">{texts.mealsOpen}</Fragment>);
  if (coming && transportAsked && answer.transportOpen && !answer.transport) {
    details.push(<Fragment key="transport">{texts.transportOpen}</Fragment>);
  } else if (coming && (answer.transport || transportAsked)) {
    details.push(
      answer.transport ? <TextWith key="transport" template={texts.youAnsweredTransport} values={{ option: transportLabelOf(answer.transport.option) }} /> : <Fragment key="transport">{texts.transportNone}</Fragment>,
    );
  }
  if (answer.comments) details.push(<TextWith key="comments" template={texts.youAnsweredComments} values={{ comments: answer.comments }} />);
  return (
    <div className="summary" data-answer-summary="">
      <p>
        {coming && answer.attending ? (
          <TextWith template={texts.youAnsweredPeople} values={{ status, count: answer.attending }} />
        ) : (
          <TextWith template={texts.youAnswered} values={{ status }} />
        )}
        {linked ? (
          <>
            {' '}
            <a href="#rsvp">{texts.changeAnswer}</a>
          </>
        ) : null}
      </p>
      {details.length ? (
        <ul>
          {details.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};

const fillForm = (texts: PageTexts, form: NonNullable<AnswerFormErrors['form']>): ReactNode => (
  <TextWith template={texts[form.key]} values={{ minutes: form.minutes ?? 1 }} />
);

const ErrorSummary = ({ errors, texts }: { errors: AnswerFormErrors; texts: PageTexts }) => {
  const fields = Object.entries(errors.fields) as [AnswerField, string][];
  const form = errors.form ? <p>{fillForm(texts, errors.form)}</p> : null;
  return (
    <div className="alert" role="alert" id="errors" tabIndex={-1}>
      {form ?? <p>{texts.errorSummary}</p>}
      {fields.length ? (
        <ul>
          {fields.map(([field, message]) => (
            <li key={field}>
              <a href={`#${FIELD_TARGET[field].id}`}>
                {texts[FIELD_TARGET[field].label]}: {messageText(texts, message)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};

const PublicFields = ({ page, texts, values, errors }: Pick<AnswerSectionProps, 'page' | 'texts' | 'values' | 'errors'>) => (
  <>
    <div className="field">
      <label className="label" htmlFor="fullName">
        {texts.fullNameLabel}
      </label>
      <input type="text" id="fullName" name="fullName" dir="auto" autoComplete="name" maxLength={100} defaultValue={values.fullName} {...ariaOf(errors, 'fullName')} />
      <FieldError errors={errors} field="fullName" texts={texts} />
    </div>
    <div className="field">
      <label className="label" htmlFor="phoneNumber">
        {texts.phoneLabel}
      </label>
      <input
        type="tel"
        id="phoneNumber"
        name="phoneNumber"
        dir="ltr"
        autoComplete="tel"
        inputMode="tel"
        maxLength={20}
        defaultValue={values.phoneNumber}
        {...ariaOf(errors, 'phoneNumber')}
      />
      <FieldError errors={errors} field="phoneNumber" texts={texts} />
    </div>
    {page.langs.length > 1 ? (
      <div className="field">
        <label className="label" htmlFor="formLang">
          {texts.formLangLabel}
        </label>
        <select id="formLang" name="lang" defaultValue={values.lang || page.lang} {...ariaOf(errors, 'lang')}>
          {page.langs.map((lang) => (
            <option key={lang} value={lang} lang={lang}>
              {LANGUAGE_NAMES[lang]}
            </option>
          ))}
        </select>
        <FieldError errors={errors} field="lang" texts={texts} />
      </div>
    ) : (
      <input type="hidden" name="lang" value={page.lang} />
    )}
  </>
);

/** Issue 32: of the people coming, how many are children (or women); the rest are adults (or men). */
const SplitField = ({ page, texts, values, errors, max }: Pick<AnswerSectionProps, 'page' | 'texts' | 'values' | 'errors'> & { max: number }) => {
  const women = page.questions.split === 'menWomen';
  return (
    <div className="field">
      <label className="label" htmlFor="split">
        {women ? texts.splitWomenLabel : texts.splitChildrenLabel}
      </label>
      <p className="hint" id="split-hint">
        {women ? texts.splitWomenHint : texts.splitChildrenHint}
      </p>
      <input
        type="number"
        id="split"
        name={women ? 'women' : 'children'}
        inputMode="numeric"
        min={0}
        max={max}
        dir="ltr"
        defaultValue={values.splitSecond}
        {...ariaOf(errors, 'split', 'split-hint')}
      />
      <FieldError errors={errors} field="split" texts={texts} />
    </div>
  );
};

/** Shown to people coming: how many, special meals, transport (the script hides it for the other answers). */
const ComingFields = ({ page, texts, values, errors }: Pick<AnswerSectionProps, 'page' | 'texts' | 'values' | 'errors'>) => {
  const max = Math.max(1, page.questions.maxAttending);
  const { meals, transport } = page.questions;
  // Never asked on the channel they answered by: no choice made for them ("no transport needed" is not pre-chosen).
  const transportOpen = Boolean(page.answer?.status === 'approved' && page.answer.transportOpen) && values.transport === '';
  return (
    <div id="coming">
      {max > 1 ? (
        <div className="field">
          <label className="label" htmlFor="attending">
            {texts.attendingLabel}
          </label>
          <p className="hint" id="attending-hint">
            <TextWith template={texts.attendingHint} values={{ max }} />
          </p>
          <select id="attending" name="attending" defaultValue={values.attending} {...ariaOf(errors, 'attending', 'attending-hint')}>
            {Array.from({ length: max }, (_, i) => (
              <option key={i} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
          <FieldError errors={errors} field="attending" texts={texts} />
        </div>
      ) : (
        <input type="hidden" name="attending" value="1" />
      )}
      {page.questions.split ? <SplitField page={page} texts={texts} values={values} errors={errors} max={max} /> : null}
      {meals?.length ? (
        <fieldset id="meals" {...ariaOf(errors, 'meals', 'meals-hint')}>
          <legend>{texts.mealsLegend}</legend>
          <p className="hint" id="meals-hint">
            {texts.mealsHint}
          </p>
          {meals.map((meal) => (
            <div className="meal" key={meal}>
              <label htmlFor={`meal-${meal}`}>{texts[`meal_${meal}`]}</label>
              <input
                type="number"
                id={`meal-${meal}`}
                name={`meals.${meal}`}
                inputMode="numeric"
                min={0}
                max={max}
                dir="ltr"
                placeholder="0"
                defaultValue={values.meals[meal] ?? ''}
              />
            </div>
          ))}
          {/* One place for the meals message: the server's after a refused answer, the script's while typing. */}
          <p className="err" id={errorId('meals')} aria-live="polite" hidden={!errors?.fields.meals}>
            {errors?.fields.meals ? messageText(texts, errors.fields.meals) : null}
          </p>
        </fieldset>
      ) : null}
      {transport?.length ? (
        <fieldset {...ariaOf(errors, 'transport', 'transport-hint')}>
          <legend>{texts.transportLegend}</legend>
          <p className="hint" id="transport-hint">
            {texts.transportHint}
          </p>
          <label className="choice">
            <input type="radio" id="transport-none" name="transport" value="" defaultChecked={!transportOpen && !transport.includes(values.transport)} />
            {texts.transportNone}
          </label>
          {transport.map((option, index) => (
            <label className="choice" key={option}>
              <input type="radio" id={`transport-${index}`} name="transport" value={option} defaultChecked={values.transport === option} />
              <bdi>{page.questions.transportLabels?.[index] || option}</bdi>
            </label>
          ))}
          <FieldError errors={errors} field="transport" texts={texts} />
        </fieldset>
      ) : null}
    </div>
  );
};

const AnswerFields = (props: AnswerSectionProps) => {
  const { page, texts, values, errors } = props;
  return (
    <>
      {page.kind === 'public' ? <PublicFields {...props} /> : null}
      <fieldset {...ariaOf(errors, 'status')}>
        <legend>{texts.statusLegend}</legend>
        {RSVP_ANSWERS.map((status) => (
          <label className="choice" key={status}>
            <input type="radio" id={`status-${status}`} name="status" value={status} defaultChecked={values.status === status} />
            {texts[STATUS_CHOICE[status]]}
          </label>
        ))}
        <FieldError errors={errors} field="status" texts={texts} />
      </fieldset>
      <ComingFields {...props} />
      <div className="field">
        <label className="label" htmlFor="comments">
          {texts.commentsLabel}
        </label>
        <textarea id="comments" name="comments" dir="auto" rows={3} maxLength={500} defaultValue={values.comments} {...ariaOf(errors, 'comments')} />
        <FieldError errors={errors} field="comments" texts={texts} />
      </div>
      <button type="submit" className="btn main">
        {page.answer && page.answer.status !== 'wrongNumber' ? texts.submitUpdate : texts.submit}
      </button>
    </>
  );
};

const WrongNumber = ({ texts, action }: { texts: PageTexts; action: string | null }) => (
  <details>
    <summary>{texts.wrongNumberOpen}</summary>
    <p>{texts.wrongNumberExplain}</p>
    <form method="post" {...(action ? { action } : {})} data-once="">
      <fieldset disabled={!action}>
        <button type="submit" className="btn">
          {texts.wrongNumberButton}
        </button>
      </fieldset>
    </form>
  </details>
);

/** The spec's "page's opt-out": no more WhatsApp or SMS from this event to the guest's number. */
const StopMessages = ({ texts, action, done }: { texts: PageTexts; action: string | null; done: boolean }) => (
  <details id="stop-messages" {...(done ? { open: true } : {})}>
    <summary>{texts.stopMessagesOpen}</summary>
    {done ? (
      <p className="done" role="status">
        {texts.stopMessagesDone}
      </p>
    ) : (
      <>
        <p>{texts.stopMessagesExplain}</p>
        <form method="post" {...(action ? { action } : {})} data-once="">
          <fieldset disabled={!action}>
            <button type="submit" className="btn">
              {texts.stopMessagesButton}
            </button>
          </fieldset>
        </form>
      </>
    )}
  </details>
);

/** The RSVP card: the answer so far, the thank-you or the errors, and the form (none once answers closed). */
export const AnswerSection = (props: AnswerSectionProps) => {
  const { page, texts, errors, outcome, action } = props;
  const answer = page.answer;
  const preview = page.kind === 'preview';
  if (outcome === 'wrongNumber') {
    return (
      <section className="card" id="answer" aria-labelledby="answer-title">
        <h2 id="answer-title">{texts.answerTitle}</h2>
        <p className="done" role="status">
          {texts.wrongNumberDone}
        </p>
      </section>
    );
  }
  // Once answered, the form folds behind "change answer" (a plain <details>: no script needed); a refused
  // answer keeps it open with the errors.
  // A question still open (never asked on the channel they answered by) keeps the form open: the page asks it.
  const open = answer?.status === 'approved' && ((answer.transportOpen && Boolean(page.questions.transport?.length)) || (answer.mealsOpen && Boolean(page.questions.meals?.length)));
  const folded = Boolean(answer && answer.status !== 'wrongNumber' && !errors && !preview && !open);
  const form = (
    <form id="rsvp" {...(action ? { method: 'post', action } : {})} data-sending={texts.sending} data-meals-error={texts.v_mealsAboveAttending}>
      {preview ? (
        <fieldset disabled>
          <AnswerFields {...props} />
        </fieldset>
      ) : (
        <AnswerFields {...props} />
      )}
    </form>
  );
  return (
    <section className="card" id="answer" aria-labelledby="answer-title">
      <h2 id="answer-title">{texts.answerTitle}</h2>
      {page.kind === 'public' && !answer ? <p>{texts.publicIntro}</p> : null}
      {outcome === 'saved' && answer && answer.status !== 'wrongNumber' ? (
        <p className="done" role="status">
          {texts[THANKS[answer.status]]}
        </p>
      ) : null}
      {outcome === 'held' ? (
        <p className="done" role="status" data-answer-held="">
          {texts.publicHeld}
        </p>
      ) : null}
      {(outcome === 'saved' || outcome === 'held') && props.freshUrl ? (
        <p>
          <a href={props.freshUrl}>{texts.answerForSomeoneElse}</a>
        </p>
      ) : null}
      {answer?.status === 'wrongNumber' && !page.closed ? <p className="summary">{texts.wrongNumberMarked}</p> : null}
      {answer && outcome !== 'held' ? <AnswerSummary answer={answer} texts={texts} lang={page.lang} transportAsked={Boolean(page.questions.transport?.length)} transportLabelOf={transportLabelOf(page)} linked={!folded && !page.closed} /> : null}
      {errors ? <ErrorSummary errors={errors} texts={texts} /> : null}
      {page.closed ? (
        <p className="summary">{texts.closed}</p>
      ) : (
        <>
          {folded ? (
            <details className="change">
              <summary>{texts.changeAnswer}</summary>
              {form}
            </details>
          ) : (
            form
          )}
          {page.kind !== 'public' ? <WrongNumber texts={texts} action={props.wrongNumberAction} /> : null}
          {page.kind !== 'public' ? <StopMessages texts={texts} action={props.stopMessagesAction ?? null} done={outcome === 'optedOut'} /> : null}
        </>
      )}
    </section>
  );
};
