import { useDeferredValue, useId, useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { matchesQuery } from '../faq-search';

/** The questions, in the order they are shown; texts in `support.faq.items.<id>`. */
export const FAQ_IDS = ['rsvpStart', 'rounds', 'channels', 'calls', 'payment', 'cancellation', 'gifts', 'privacy'] as const;

/** The questions as an accordion (each a button that opens its answer), filtered as the host types. */
export function FaqList() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [open, setOpen] = useState<string | false>(false);
  const listId = useId();

  const items = useMemo(
    () => FAQ_IDS.map((id) => ({ id, question: t(`support.faq.items.${id}.q`), answer: t(`support.faq.items.${id}.a`) })),
    [t],
  );
  const shown = items.filter((item) => matchesQuery(`${item.question} ${item.answer}`, deferred));

  return (
    <>
      <TextField
        type="search"
        fullWidth
        label={t('support.faq.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        slotProps={{
          htmlInput: { dir: query ? 'auto' : undefined, 'aria-controls': listId, 'data-testid': 'faq-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 2 }}
      />
      <div id={listId} data-testid="faq-list">
        {shown.map((item) => (
          <Accordion
            key={item.id}
            disableGutters
            variant="outlined"
            expanded={open === item.id}
            onChange={(_event, expanded) => setOpen(expanded ? item.id : false)}
            data-testid={`faq-${item.id}`}
            slotProps={{ heading: { component: 'h3' } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon aria-hidden="true" />} id={`faq-${item.id}-q`} aria-controls={`faq-${item.id}-a`}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {item.question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails id={`faq-${item.id}-a`} role="region" aria-labelledby={`faq-${item.id}-q`}>
              <Typography>{item.answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </div>
      {/* Always in the page so a screen reader hears it when it fills. */}
      <div role="status" aria-live="polite">
        {shown.length === 0 ? (
          <Alert severity="info" data-testid="faq-no-results">
            {t('support.faq.noResults', { query: deferred.trim() })}
          </Alert>
        ) : null}
      </div>
    </>
  );
}
