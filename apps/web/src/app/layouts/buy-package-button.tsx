import Button from '@mui/material/Button';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBagOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { eventRightsOf } from '../../features/cohosts/event-rights';
import { useEventById } from '../../features/events/api';
import { isInWebView } from '../platform';
import { useSession } from '../use-session';

/** Spec §2: an unpaid event, the guide tour off (it has its own path to checkout), and not in the app's web view. */
export const showsBuyButton = ({ progressStatus, guideTour, inWebView }: { progressStatus: number; guideTour: boolean; inWebView: boolean }): boolean =>
  progressStatus === 0 && !guideTour && !inWebView;

/**
 * Spec §2: in the event dashboard's top bar while the event is unpaid, the guide tour is off and the app is not
 * in the mobile web view (where payment is refused). The event comes from the dashboard's own query.
 */
export function BuyPackageButton() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const session = useSession();
  const event = useEventById(id).data;
  if (!id || !event || !eventRightsOf(event.role).canPay || !showsBuyButton({ progressStatus: event.progressStatus, guideTour: Boolean(session?.userData.guideTour), inWebView: isInWebView() })) return null;
  return (
    <Button
      component={RouterLink}
      to={`/pricing/${id}`}
      variant="contained"
      color="secondary"
      startIcon={<ShoppingBagIcon />}
      data-testid="buy-package"
      sx={{ flexShrink: 0, whiteSpace: 'nowrap', px: { xs: 1.5, sm: 2 }, '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } }}
    >
      {t('billing.buyPackage')}
    </Button>
  );
}
