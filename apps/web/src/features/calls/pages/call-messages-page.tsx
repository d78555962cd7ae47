import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { translateError } from '../../../i18n/translate-error';
import { useEvent } from '../../events/use-event';
import { useGuestList } from '../../guests/api';
import { useVoiceTemplates } from '../api';
import { isPremiumEvent } from '../call-script-fill';
import { CallReport, callAccessOf } from '../components/call-report';
import { CallScriptEditor } from '../components/call-script-editor';
import { CallPreviewProvider, useCallPreview } from '../components/call-script-player';
import { CallScriptUpgrade } from '../components/call-script-upgrade';
import { eventRightsOf } from '../../cohosts/event-rights';

/** One tab per event language; moving to another language stops the sound of this one. */
function LanguageTabs({ langs, active, onChange }: { langs: Lang[]; active: Lang; onChange: (lang: Lang) => void }) {
  const { t } = useTranslation();
  const preview = useCallPreview();
  return (
    <Tabs
      value={active}
      onChange={(_, next: Lang) => {
        preview.stop();
        onChange(next);
      }}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('callScript.language')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {langs.map((lang) => (
        <Tab key={lang} value={lang} lang={lang} label={t(`language.names.${lang}`)} id={`call-lang-tab-${lang}`} aria-controls={`call-lang-panel-${lang}`} data-testid={`call-lang-${lang}`} />
      ))}
    </Tabs>
  );
}

/**
 * `/event/:id/call-messages`: what the automated call says to guests who have not answered, per event language —
 * five parts the host edits (premium) and hears in the server's voice; below it, the call round's report.
 */
export function CallMessagesPage() {
  const { t } = useTranslation();
  const event = useEvent();
  const query = useVoiceTemplates(event.id);
  const premium = isPremiumEvent(event);
  const [active, setActive] = useState<Lang>(event.langs.includes(event.defaultLang) ? event.defaultLang : (event.langs[0] ?? event.defaultLang));
  const firstGuest = useGuestList(event.id, { page: 1, pageSize: 1, sort: 'name' }).data?.items[0];
  const guest = useMemo(() => (firstGuest ? { fullName: firstGuest.fullName, countOfInvites: firstGuest.countOfInvites } : null), [firstGuest]);
  const data = query.data;
  const langs = event.langs.length > 0 ? event.langs : [event.defaultLang];

  return (
    <CallPreviewProvider eventId={event.id}>
      <PageHeading>{t('callScript.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        {t('callScript.intro')}
      </Typography>
      {premium || !eventRightsOf(event.role).canPay ? null : <CallScriptUpgrade eventId={event.id} />}
      {langs.length > 1 ? <LanguageTabs langs={langs} active={active} onChange={setActive} /> : null}
      {!data ? (
        query.error ? (
          <Alert severity="error">{translateError(t, query.error)}</Alert>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }} role="status" aria-label={t('common.loading')}>
            <CircularProgress />
          </Box>
        )
      ) : (
        // Every language keeps its own form (and unsaved text) while the host looks at another.
        langs.map((lang) => (
          <Box
            key={lang}
            role={langs.length > 1 ? 'tabpanel' : undefined}
            id={`call-lang-panel-${lang}`}
            aria-labelledby={langs.length > 1 ? `call-lang-tab-${lang}` : undefined}
            hidden={lang !== active}
          >
            <CallScriptEditor event={event} data={data} lang={lang} premium={premium} guest={guest} />
          </Box>
        ))
      )}
      <Box sx={{ mt: 4 }}>
        <CallReport eventId={event.id} access={callAccessOf(event)} />
      </Box>
    </CallPreviewProvider>
  );
}
