import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PUBLIC_LINK_MODES, PUBLIC_LINK_NEW_GUEST_BUDGET_MAX, type PublicLinkMode, type PublicLinkState } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast-store';
import { isolateLtr } from '../../../design/bidi';
import { usePublicLink, useSetPublicLink } from '../api';
import { toastApiError } from '../toast-api-error';

const ORDER: readonly PublicLinkMode[] = ['open', 'listed', 'off'];

function Option({ mode }: { mode: PublicLinkMode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 0.5 }}>
      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {t(`invitations.publicLink.mode.${mode}`)}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {t(`invitations.publicLink.modeHint.${mode}`)}
      </Typography>
    </Box>
  );
}

/** The budget line: how many new guests the link added of how many it may, and a field to raise it. */
function NewGuestBudget({ state, onSave, saving }: { state: PublicLinkState; onSave: (budget: number) => void; saving: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(state.newGuestBudget));
  useEffect(() => setValue(String(state.newGuestBudget)), [state.newGuestBudget]);
  const parsed = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(parsed) && parsed >= 0 && parsed <= PUBLIC_LINK_NEW_GUEST_BUDGET_MAX;
  const used = t('invitations.publicLink.budgetUsed', { used: isolateLtr(String(state.newGuestsUsed)), budget: isolateLtr(String(state.newGuestBudget)) });
  const share = state.newGuestBudget > 0 ? Math.min(100, (state.newGuestsUsed / state.newGuestBudget) * 100) : 100;
  return (
    <Box sx={{ mt: 2 }} data-testid="public-link-budget">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {used}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={share}
        aria-label={used}
        sx={{ height: 8, borderRadius: 999, mb: 1, maxWidth: 360 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('invitations.publicLink.budgetHint')}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          size="small"
          type="number"
          label={t('invitations.publicLink.budgetLabel')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={!valid}
          slotProps={{ htmlInput: { min: 0, max: PUBLIC_LINK_NEW_GUEST_BUDGET_MAX, inputMode: 'numeric', 'data-testid': 'public-link-budget-input' } }}
          sx={{ width: 160 }}
        />
        <Button variant="outlined" disabled={!valid || parsed === state.newGuestBudget || saving} onClick={() => onSave(parsed)} sx={{ minHeight: 40 }} data-testid="public-link-budget-save">
          {t('invitations.publicLink.budgetSave')}
        </Button>
      </Stack>
    </Box>
  );
}

/** Who may answer on the public link (open, listed guests only, closed), approval of new guests and their budget. */
export function PublicLinkSettings({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const link = usePublicLink(eventId);
  const save = useSetPublicLink(eventId);
  const state = link.data;
  if (!state) return null;
  const update = (changes: Partial<Pick<PublicLinkState, 'mode' | 'approveNewGuests' | 'newGuestBudget'>>) =>
    save.mutate(
      { mode: state.mode, approveNewGuests: state.approveNewGuests, newGuestBudget: state.newGuestBudget, ...changes },
      { onSuccess: () => showToast('invitations.publicLink.saved', 'success'), onError: toastApiError },
    );
  return (
    <Box sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }} data-testid="public-link-settings">
      <FormControl>
        <FormLabel id="public-link-mode" sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
          {t('invitations.publicLink.who')}
        </FormLabel>
        <RadioGroup aria-labelledby="public-link-mode" value={state.mode} onChange={(e) => update({ mode: e.target.value as PublicLinkMode })}>
          {ORDER.filter((mode) => PUBLIC_LINK_MODES.includes(mode)).map((mode) => (
            <FormControlLabel
              key={mode}
              value={mode}
              control={<Radio disabled={save.isPending} slotProps={{ input: { 'data-testid': `public-link-mode-${mode}` } as object }} />}
              label={<Option mode={mode} />}
              sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 }, minHeight: 44 }}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {state.mode === 'open' ? (
        <>
          <Box sx={{ mt: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={state.approveNewGuests}
                  disabled={save.isPending}
                  onChange={(e) => update({ approveNewGuests: e.target.checked })}
                  slotProps={{ input: { 'data-testid': 'public-link-approve' } as object }}
                />
              }
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {t('invitations.publicLink.approve')}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {t('invitations.publicLink.approveHint')}
                  </Typography>
                </Box>
              }
              sx={{ alignItems: 'flex-start', marginInlineStart: 0, minHeight: 44 }}
            />
          </Box>
          <NewGuestBudget state={state} saving={save.isPending} onSave={(newGuestBudget) => update({ newGuestBudget })} />
        </>
      ) : null}
      {state.waitingGuests > 0 ? (
        <Typography variant="body2" sx={{ mt: 2 }} data-testid="public-link-waiting">
          <Link href="#waiting-guests">
            {t('invitations.publicLink.waiting', { count: isolateLtr(String(state.waitingGuests)) })}
          </Link>
        </Typography>
      ) : null}
    </Box>
  );
}
