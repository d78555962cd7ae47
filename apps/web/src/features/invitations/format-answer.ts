import { SPECIAL_MEALS, type MealCounts } from '@magiim/shared';

type SpecialMeal = (typeof SPECIAL_MEALS)[number];

/** The meals chosen, in the spec's order, leaving out zeros. */
export const chosenMeals = (meals: MealCounts): [SpecialMeal, number][] =>
  SPECIAL_MEALS.flatMap((meal) => {
    const count = meals[meal] ?? 0;
    return count > 0 ? [[meal, count] as [SpecialMeal, number]] : [];
  });

const JERUSALEM = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jerusalem',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** When an answer came, in Israel's time whatever the host's machine: `DD/MM/YYYY HH:mm`. */
export const formatAnsweredAt = (iso: string): string => {
  const parts = Object.fromEntries(JERUSALEM.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
};
