import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MealCounts } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr, UserText } from '../../../design/bidi';
import { chosenMeals } from '../format-answer';

export interface AnswerFields {
  attending: number | null;
  /** Issue 32: the split of `attending` the guest told. */
  adults?: number | undefined;
  children?: number | undefined;
  men?: number | undefined;
  women?: number | undefined;
  meals: MealCounts;
  transport: { option: string } | null;
  /** Coming, but not asked about transport / meals yet (answered by WhatsApp, SMS or a call): shown open. */
  transportOpen?: boolean;
  mealsOpen?: boolean;
  comments: string;
}

/** The questions a coming guest still has to answer (not asked on the channel they answered by), for a short note. */
export const openQuestionsOf = (answer: Pick<AnswerFields, 'transportOpen' | 'mealsOpen'> | null | undefined): ('openMeals' | 'openTransport')[] => [
  ...(answer?.mealsOpen ? (['openMeals'] as const) : []),
  ...(answer?.transportOpen ? (['openTransport'] as const) : []),
];

/** A question still open: said in words, in the secondary colour (never "none"). */
function OpenValue({ label }: { label: string }) {
  return (
    <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }} data-open="">
      {label}
    </Box>
  );
}

/** People, meals, transport and the guest's own comment, as short labelled lines (a description list). */
export function AnswerDetails({ answer, countOfInvites }: { answer: AnswerFields; countOfInvites?: number }) {
  const { t } = useTranslation();
  const meals = chosenMeals(answer.meals);
  const rows: { key: string; label: string; value: React.ReactNode }[] = [];
  if (answer.attending !== null && answer.attending > 0) {
    rows.push({
      key: 'people',
      label: t('invitations.answer.people'),
      value: <Ltr>{countOfInvites ? `${answer.attending}/${countOfInvites}` : answer.attending}</Ltr>,
    });
  }
  if (answer.adults !== undefined && answer.children !== undefined) {
    rows.push({ key: 'split', label: t('invitations.answer.split'), value: t('invitations.answer.adultsChildren', { adults: answer.adults, children: answer.children }) });
  } else if (answer.men !== undefined && answer.women !== undefined) {
    rows.push({ key: 'split', label: t('invitations.answer.split'), value: t('invitations.answer.menWomen', { men: answer.men, women: answer.women }) });
  }
  if (answer.mealsOpen && meals.length === 0) {
    rows.push({ key: 'meals', label: t('invitations.answer.meals'), value: <OpenValue label={t('invitations.answer.open')} /> });
  } else if (meals.length > 0) {
    rows.push({
      key: 'meals',
      label: t('invitations.answer.meals'),
      value: meals.map(([meal, count]) => t('invitations.answer.mealCount', { meal: t(`eventWizard.meals.${meal}`), count })).join(' · '),
    });
  }
  if (answer.transportOpen && !answer.transport) {
    rows.push({ key: 'transport', label: t('invitations.answer.transport'), value: <OpenValue label={t('invitations.answer.open')} /> });
  } else if (answer.transport) rows.push({ key: 'transport', label: t('invitations.answer.transport'), value: <bdi>{answer.transport.option}</bdi> });
  if (answer.comments.trim()) {
    rows.push({
      key: 'comments',
      label: t('invitations.answer.comments'),
      value: (
        <Box component="span" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          <UserText>{answer.comments}</UserText>
        </Box>
      ),
    });
  }
  if (rows.length === 0) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
      {rows.map((row) => (
        <Box key={row.key} sx={{ display: 'contents' }} data-testid={`answer-${row.key}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {row.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
