/**
 * Enhances the guest's RSVP form; the page works the same without it (a plain form POST). Shows the "coming"
 * questions only to people coming, keeps the special meals within the number coming, stops double submits,
 * and moves focus to the error summary after a refused answer.
 */

type Field = HTMLInputElement | HTMLSelectElement;

const showComingFields = (form: HTMLFormElement): void => {
  const coming = document.getElementById('coming');
  if (!coming) return;
  const update = () => {
    const on = form.querySelector<HTMLInputElement>('input[name=status]:checked')?.value === 'approved';
    coming.hidden = !on;
    // Hidden fields are not sent: a "maybe" carries no head count it never chose.
    for (const field of coming.querySelectorAll<Field>('input,select')) field.disabled = !on;
  };
  form.addEventListener('change', (event) => {
    if ((event.target as Field | null)?.name === 'status') update();
  });
  update();
};

const keepMealsWithinAttending = (form: HTMLFormElement): void => {
  const meals = Array.from(form.querySelectorAll<HTMLInputElement>('input[name^="meals."]'));
  if (!meals.length) return;
  const attending = form.querySelector<Field>('[name=attending]');
  const live = document.getElementById('meals-error');
  const message = form.dataset.mealsError ?? '';
  const update = (typed: boolean) => {
    const most = Number(attending?.value) || 1;
    const counts = meals.map((meal) => Math.max(0, Math.floor(Number(meal.value) || 0)));
    const total = counts.reduce((sum, n) => sum + n, 0);
    const over = total > most;
    meals.forEach((meal, i) => {
      const own = counts[i] ?? 0;
      meal.max = String(Math.max(own, most - (total - own)));
      meal.setCustomValidity(over ? message : '');
    });
    // A message the server rendered stays until the guest changes something.
    if (live && (over || typed)) {
      live.hidden = !over;
      live.textContent = over ? message : '';
    }
  };
  const onEdit = (event: Event) => {
    const name = (event.target as Field | null)?.name ?? '';
    if (name === 'attending' || name.startsWith('meals.')) update(true);
  };
  form.addEventListener('input', onEdit);
  form.addEventListener('change', onEdit);
  update(false);
};

const submitOnce = (form: HTMLFormElement, sendingText: string | undefined): void => {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  const label = button?.textContent ?? '';
  form.addEventListener('submit', (event) => {
    if (form.dataset.busy) {
      event.preventDefault();
      return;
    }
    form.dataset.busy = '1';
    button?.setAttribute('aria-disabled', 'true');
    if (button && sendingText) button.textContent = sendingText;
  });
  // Back to this page from the browser's cache: the form may be sent again.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    delete form.dataset.busy;
    button?.removeAttribute('aria-disabled');
    if (button) button.textContent = label;
  });
};

const rsvp = document.getElementById('rsvp');
if (rsvp instanceof HTMLFormElement) {
  showComingFields(rsvp);
  keepMealsWithinAttending(rsvp);
  submitOnce(rsvp, rsvp.dataset.sending);
}
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-once]')) submitOnce(form, undefined);
// After load: the browser's jump to the form's #answer anchor would otherwise take the focus back.
window.addEventListener('load', () => document.getElementById('errors')?.focus());
