import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  decodeMessage,
  REQUIRED_PLACEHOLDER,
  SMS_SEGMENT_WARNING,
  smsPartsOfMessage,
  TEMPLATE_MAX_LENGTH,
  PURPOSE_PLACEHOLDERS,
  TEMPLATE_PURPOSES,
  type Lang,
  type MessageTemplatesResponse,
  type TemplatePlaceholder,
  type TemplatePurpose,
} from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { PageHeading } from '../../../components/page-heading';
import { showToast } from '../../../components/toast-store';
import { Ltr } from '../../../design/bidi';
import { translateError } from '../../../i18n/translate-error';
import { useEvent } from '../../events/use-event';
import { markSetupSeen } from '../setup-steps';
import { useGuestList } from '../../guests/api';
import { ConfirmDialog } from '../../guests/components/confirm-dialog';
import { useMessageTemplates, useResetTemplates, useSaveTemplate } from '../api';
import { MessagePreview } from '../components/message-preview';
import { TemplateStatusChip } from '../components/template-status-chip';
import { TemplateReason } from '../components/template-reason';
import { fillTemplate, insertAtCaret, placeholderValues, smsPlaceholderValues } from '../template-fill';

type Round = 1 | 2 | 3;

const findTemplate = (data: MessageTemplatesResponse, purpose: TemplatePurpose, round: Round, lang: Lang) =>
  data.templates.find((template) => template.purpose === purpose && (template.round ?? 1) === round && template.lang === lang);

/** What the guest gets for this slot today: the own text, else round 1's (for rounds 2 and 3), else the default. */
const effectiveText = (data: MessageTemplatesResponse, purpose: TemplatePurpose, round: Round, lang: Lang): string =>
  findTemplate(data, purpose, round, lang)?.text ??
  (round > 1 ? findTemplate(data, purpose, 1, lang)?.text : undefined) ??
  data.defaults.find((item) => item.purpose === purpose && item.lang === lang)?.text ??
  '';

function TemplateEditor({ data, purpose, round, lang }: { data: MessageTemplatesResponse; purpose: TemplatePurpose; round: Round; lang: Lang }) {
  const { t } = useTranslation();
  const event = useEvent();
  const save = useSaveTemplate(event.id);
  const saved = findTemplate(data, purpose, round, lang);
  const ownRound = round > 1;
  const [own, setOwn] = useState(Boolean(saved));
  const [draft, setDraft] = useState(effectiveText(data, purpose, round, lang));
  const field = useRef<HTMLTextAreaElement | null>(null);
  const firstGuest = useGuestList(event.id, { page: 1, pageSize: 1, sort: 'name' }).data?.items[0];
  const guestName = firstGuest?.fullName ?? t('messaging.templates.sampleName', { lng: lang });
  const values = useMemo(() => placeholderValues(event, lang, guestName), [event, lang, guestName]);
  const filled = fillTemplate(draft, values);
  // Counted as the sender counts: the short links an SMS carries and the opt-out line.
  // While the host keeps the default, the shorter SMS default is what goes by SMS.
  const defaults = data.defaults.find((item) => item.purpose === purpose && item.lang === lang);
  const smsDraft = defaults && draft === defaults.text ? defaults.smsText : draft;
  const smsParts = smsPartsOfMessage(fillTemplate(smsDraft, smsPlaceholderValues(values)), lang);
  const editable = !ownRound || own;
  const dirty = draft !== (saved?.text ?? effectiveText(data, purpose, round, lang)) || (ownRound && own && !saved);

  const issue = isApiError(save.error) ? save.error.issues.find((item) => item.path === 'text') : undefined;
  const fieldError = issue
    ? (() => {
        const { key, values: params } = decodeMessage(issue.message);
        // Placeholders are shown as the host types them, in braces.
        const braced = (value: unknown) => (value ? `{${String(value)}}` : undefined);
        return t(key, { ...params, name: braced(params.name), first: braced(params.first), second: braced(params.second), defaultValue: t('validation.invalidValue') });
      })()
    : save.error && !issue
      ? translateError(t, save.error)
      : undefined;
  const required = REQUIRED_PLACEHOLDER[purpose];

  const insert = (name: TemplatePlaceholder) => {
    const element = field.current;
    const start = element?.selectionStart ?? draft.length;
    const end = element?.selectionEnd ?? draft.length;
    const next = insertAtCaret(draft, start, end, name);
    setDraft(next.text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = () =>
    save.mutate(
      { purpose, lang, text: draft, ...(ownRound ? { round: round as 2 | 3 } : {}) },
      {
        onSuccess: (next) =>
          showToast(findTemplate(next, purpose, round, lang)?.status === 'pendingPayment' ? 'messaging.templates.savedUnpaid' : 'messaging.templates.saved', 'success'),
      },
    );

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
          <TemplateStatusChip status={saved?.status ?? null} />
          {dirty && editable ? <Chip size="small" variant="outlined" label={t('messaging.templates.unsaved')} /> : null}
        </Stack>
        {saved?.status === 'rejected' ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="template-rejected">
            {saved.reason ? (
              <div>
                <TemplateReason reason={saved.reason} />
              </div>
            ) : null}
            <div>{t('messaging.templates.editToResubmit')}</div>
            <div>{t('messaging.templateStatus.rejectedHelp')}</div>
          </Alert>
        ) : null}
        {saved?.status === 'paused' || saved?.status === 'disabled' ? (
          <Alert severity={saved.status === 'paused' ? 'warning' : 'error'} sx={{ mb: 2 }} data-testid="template-stopped">
            <div>{t(`messaging.templateStatus.${saved.status}Help`)}</div>
            {saved.reason ? (
              <div>
                <TemplateReason reason={saved.reason} />
              </div>
            ) : null}
          </Alert>
        ) : null}
        {ownRound ? (
          <FormControlLabel
            sx={{ mb: 1 }}
            control={<Switch checked={own} disabled={Boolean(saved)} onChange={(e) => setOwn(e.target.checked)} />}
            label={t('messaging.templates.ownText', { round })}
          />
        ) : null}
        {editable ? (
          <>
            <TextField
              inputRef={field}
              label={t('messaging.templates.editor')}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              multiline
              minRows={6}
              fullWidth
              error={Boolean(fieldError)}
              helperText={fieldError ?? (required ? t('messaging.templates.needs', { name: `{${required}}` }) : ' ')}
              slotProps={{ htmlInput: { maxLength: TEMPLATE_MAX_LENGTH, lang, dir: 'auto', 'data-testid': 'template-text' } }}
            />
            <Typography variant="body2" component="p" id="placeholder-chips" sx={{ mt: 1.5, mb: 1 }}>
              {t('messaging.templates.insert')}
            </Typography>
            <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1} role="group" aria-labelledby="placeholder-chips">
              {PURPOSE_PLACEHOLDERS[purpose].map((name) => (
                <Chip
                  key={name}
                  label={t(`messaging.placeholders.${name}`)}
                  onClick={() => insert(name)}
                  aria-label={t('messaging.templates.insertOne', { name: t(`messaging.placeholders.${name}`) })}
                  color={name === required ? 'primary' : 'default'}
                  variant={draft.includes(`{${name}}`) ? 'filled' : 'outlined'}
                  data-testid={`chip-${name}`}
                />
              ))}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }} alignItems={{ sm: 'center' }}>
              <Typography variant="caption" color="text.secondary">
                <Ltr>{t('messaging.templates.length', { count: draft.length, max: TEMPLATE_MAX_LENGTH })}</Ltr>
              </Typography>
              <Typography variant="caption" color={smsParts > SMS_SEGMENT_WARNING ? 'warning.dark' : 'text.secondary'} data-testid="sms-parts">
                {t('messaging.templates.smsParts', { count: smsParts })}
              </Typography>
            </Stack>
            {smsParts > SMS_SEGMENT_WARNING ? (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {t('messaging.templates.smsPartsWarn')}
              </Alert>
            ) : null}
            <Box sx={{ mt: 2 }}>
              <Button variant="contained" onClick={submit} disabled={save.isPending || !dirty} data-testid="save-template">
                {t('messaging.templates.save')}
              </Button>
            </Box>
          </>
        ) : (
          <Typography color="text.secondary">{t('messaging.templates.roundSame')}</Typography>
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <MessagePreview text={filled} lang={lang} caption={firstGuest ? t('messaging.templates.previewFor', { name: guestName }) : t('messaging.templates.sample')} />
      </Grid>
    </Grid>
  );
}

/** `/event/:id/message-template`: the texts per purpose (invitation rounds, directions, thanks) and event language. */
export function MessageTemplatesPage() {
  const { t } = useTranslation();
  const event = useEvent();
  const query = useMessageTemplates(event.id);
  useEffect(() => markSetupSeen(event.id, 'templates'), [event.id]);
  const reset = useResetTemplates(event.id);
  const [purpose, setPurpose] = useState<TemplatePurpose>('invitation');
  const [round, setRound] = useState<Round>(1);
  const [lang, setLang] = useState<Lang>(event.defaultLang);
  const [confirmReset, setConfirmReset] = useState(false);
  const activeRound: Round = purpose === 'invitation' ? round : 1;
  const data = query.data;
  const hasOwn = Boolean(data?.templates.some((template) => template.lang === lang));

  return (
    <>
      <PageHeading>{t('messaging.templates.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {t('messaging.templates.intro')}
      </Typography>
      {event.langs.length > 1 ? (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
          <Typography variant="body2" id="template-lang">
            {t('messaging.templates.language')}
          </Typography>
          <ToggleButtonGroup size="small" exclusive value={lang} onChange={(_, next: Lang | null) => next && setLang(next)} aria-labelledby="template-lang">
            {event.langs.map((item) => (
              <ToggleButton key={item} value={item} lang={item}>
                {t(`language.names.${item}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      ) : null}
      <Tabs value={purpose} onChange={(_, next: TemplatePurpose) => setPurpose(next)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {TEMPLATE_PURPOSES.map((item) => (
          <Tab key={item} value={item} label={t(`messaging.purposes.${item}`)} />
        ))}
      </Tabs>
      {purpose === 'saveTheDate' ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="save-the-date-template-hint"
          action={
            <Button component={RouterLink} to={`/event/${event.id}/guest/timing`} color="inherit" size="small">
              {t('messaging.templates.saveTheDateTiming')}
            </Button>
          }
        >
          {t('messaging.templates.saveTheDateHint')}
        </Alert>
      ) : null}
      {purpose === 'invitation' ? (
        <ToggleButtonGroup size="small" exclusive value={round} onChange={(_, next: Round | null) => next && setRound(next)} aria-label={t('messaging.templates.round')} sx={{ mb: 2 }}>
          {([1, 2, 3] as const).map((item) => (
            <ToggleButton key={item} value={item}>
              {t(`messaging.actions.round${item}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}
      {!data ? (
        query.error ? (
          <Alert severity="error">{translateError(t, query.error)}</Alert>
        ) : (
          <CircularProgress aria-label={t('messaging.templates.title')} />
        )
      ) : (
        <Card variant="outlined">
          <CardContent>
            <TemplateEditor
              // A new slot, or a server answer with another text, starts the editor afresh.
              key={`${purpose}:${activeRound}:${lang}:${findTemplate(data, purpose, activeRound, lang)?.updatedAt ?? 'default'}`}
              data={data}
              purpose={purpose}
              round={activeRound}
              lang={lang}
            />
          </CardContent>
        </Card>
      )}
      {hasOwn ? (
        <Button sx={{ mt: 2 }} color="inherit" onClick={() => setConfirmReset(true)} data-testid="reset-templates">
          {t('messaging.templates.reset')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirmReset}
        title={t('messaging.templates.resetConfirmTitle')}
        confirmLabel={t('messaging.templates.reset')}
        cancelLabel={t('messaging.templates.cancel')}
        destructive
        busy={reset.isPending}
        onConfirm={() => reset.mutate(lang, { onSuccess: () => setConfirmReset(false) })}
        onClose={() => setConfirmReset(false)}
      >
        {t('messaging.templates.resetConfirmBody')}
      </ConfirmDialog>
    </>
  );
}
