import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { colors } from '../../../design/tokens';

/** Shown instead of editing when the event is not on the premium package: what premium adds, and the way there. */
export function CallScriptUpgrade({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="call-upgrade"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { sm: 'center' },
        gap: 2,
        p: { xs: 2, sm: 3 },
        mb: 3,
        borderRadius: 4,
        background: `linear-gradient(135deg, ${colors.paper} 0%, ${colors.primarySoft} 100%)`,
        border: 1,
        borderColor: 'divider',
      }}
    >
      <WorkspacePremiumIcon aria-hidden sx={{ fontSize: 44, color: 'secondary.main', flex: 'none' }} />
      <Box sx={{ flex: 1 }}>
        <Typography variant="h2" component="h2" sx={{ mb: 0.5 }}>
          {t('callScript.upgrade.title')}
        </Typography>
        <Typography color="text.secondary">{t('callScript.upgrade.body')}</Typography>
      </Box>
      <Button component={Link} to={`/pricing/${eventId}`} variant="contained" color="secondary" size="large" sx={{ flex: 'none' }} data-testid="call-upgrade-link">
        {t('callScript.upgrade.action')}
      </Button>
    </Box>
  );
}
