import BlockIcon from '@mui/icons-material/Block';
import CloseIcon from '@mui/icons-material/Close';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonOffIcon from '@mui/icons-material/PersonOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { isLang, LANGUAGE_OWN_NAMES, type AdminUserAction, type AdminUserDetail } from '@magiim/shared';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { showToast } from '../../../components/toast-store';
import { Ltr, UserText } from '../../../design/bidi';
import { translateError } from '../../../i18n/translate-error';
import { formatShekels } from '../../billing/format-money';
import { formatAdminDate, formatAdminTime } from '../admin-format';
import { useAdminUser, useAdminUserAction } from '../api';
import { ReasonDialog } from './reason-dialog';
import { UserStateChip } from './user-state-chip';

/** The actions a user in this state can take (a deregistered account is gone for good). */
export const availableUserActions = (user: AdminUserDetail['user']): AdminUserAction[] => {
  if (user.state === 'deregistered') return [];
  if (user.isAdmin) return [];
  return user.state === 'blocked' ? ['unblock', 'deregister'] : ['block', 'deregister'];
};

const ACTION_ICONS = { block: <BlockIcon />, unblock: <LockOpenIcon />, deregister: <PersonOffIcon /> } as const;

/** One user (`/admin/users?id=…`): the account, its events, orders and sign-ins, and block / unblock / deregister. */
export function UserDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const query = useAdminUser(id);
  const act = useAdminUserAction();
  const [asking, setAsking] = useState<AdminUserAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const detail = query.data;

  const confirm = (reason: string) => {
    if (!id || !asking) return;
    const action = asking;
    setActionError(null);
    act.mutate(
      { id, action, reason },
      {
        onSuccess: () => {
          setAsking(null);
          showToast(`admin.users.done.${action}`, 'success');
          void query.refetch();
        },
        onError: (error) => setActionError(translateError(t, error)),
      },
    );
  };

  return (
    <Dialog open={Boolean(id)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone} data-testid="user-detail">
      <DialogTitle id={titleId} sx={{ paddingInlineEnd: '56px' }}>
        {detail ? <UserText>{detail.user.fullName || detail.user.email}</UserText> : t('admin.users.detailTitle')}
      </DialogTitle>
      <IconButton onClick={onClose} aria-label={t('admin.close')} data-testid="user-detail-close" sx={{ position: 'absolute', top: 12, insetInlineEnd: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {query.error && !detail ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void query.refetch()}>
                {t('admin.retry')}
              </Button>
            }
          >
            {translateError(t, query.error)}
          </Alert>
        ) : !detail ? (
          <Stack spacing={1.5} role="status" aria-label={t('admin.loading')}>
            <Skeleton variant="text" width="60%" height={32} />
            <Skeleton variant="rounded" height={96} />
            <Skeleton variant="rounded" height={160} />
          </Stack>
        ) : (
          <UserDetailBody detail={detail} onAction={(action) => (setActionError(null), setAsking(action))} />
        )}
      </DialogContent>
      {asking ? (
        <ReasonDialog
          open
          title={t(`admin.users.confirm.${asking}.title`)}
          description={t(`admin.users.confirm.${asking}.body`)}
          warning={asking === 'deregister' ? t('admin.users.confirm.deregister.warning') : undefined}
          confirmLabel={t(`admin.users.actions.${asking}`)}
          destructive={asking !== 'unblock'}
          pending={act.isPending}
          error={actionError}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Dialog>
  );
}

function UserDetailBody({ detail, onAction }: { detail: AdminUserDetail; onAction: (action: AdminUserAction) => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { user, events, orders, signIns } = detail;
  const actions = availableUserActions(user);
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap alignItems="center">
        <UserStateChip state={user.state} />
        {user.isAdmin ? <Chip size="small" color="primary" variant="outlined" label={t('admin.users.admin')} /> : null}
        {!user.emailVerified ? <Chip size="small" variant="outlined" label={t('admin.users.unverified')} /> : null}
      </Stack>
      {user.reason && user.state !== 'active' ? (
        <Alert severity="info" data-testid="user-reason">
          {t('admin.users.lastReason')} <UserText>{user.reason}</UserText>
        </Alert>
      ) : null}
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(7rem, auto) 1fr', sm: 'repeat(2, minmax(8rem, auto) 1fr)' }, columnGap: 2, rowGap: 1 }}>
        <Fact label={t('admin.users.columns.email')}>
          <Ltr>{user.email}</Ltr>
        </Fact>
        <Fact label={t('admin.users.language')}>{isLang(user.lang) ? LANGUAGE_OWN_NAMES[user.lang] : <Ltr>{user.lang}</Ltr>}</Fact>
        <Fact label={t('admin.users.columns.createdAt')}>{formatAdminDate(user.createdAt, lang)}</Fact>
        <Fact label={t('admin.users.columns.lastActiveAt')}>{formatAdminTime(user.lastActiveAt, lang)}</Fact>
        <Fact label={t('admin.users.signInMethod')}>{user.hasPassword ? t('admin.users.password') : t('admin.users.noPassword')}</Fact>
        {user.blockedAt ? <Fact label={t('admin.users.blockedAt')}>{formatAdminTime(user.blockedAt, lang)}</Fact> : null}
      </Box>

      {actions.length > 0 ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {actions.map((action) => (
            <Button
              key={action}
              variant="outlined"
              color={action === 'unblock' ? 'primary' : 'error'}
              startIcon={ACTION_ICONS[action]}
              onClick={() => onAction(action)}
              data-testid={`user-action-${action}`}
            >
              {t(`admin.users.actions.${action}`)}
            </Button>
          ))}
        </Stack>
      ) : null}

      <Divider />
      <Section title={t('admin.users.events')} empty={events.length === 0}>
        {events.map((event) => (
          <Line key={event.id}>
            <UserText>{event.name}</UserText>
            <Typography component="span" variant="body2" color="text.secondary">
              {formatAdminDate(event.date, lang)} · {t(`admin.users.role.${event.role}`)} · {t('admin.events.guestCount', { count: event.guests })}
              {event.guestDataErasedAt ? ` · ${t('admin.events.erased')}` : ''}
            </Typography>
          </Line>
        ))}
      </Section>
      <Section title={t('admin.users.orders')} empty={orders.length === 0}>
        {orders.map((order) => (
          <Line key={order.id}>
            <span>
              <Ltr>#{order.orderNumber}</Ltr> · <UserText>{order.eventName}</UserText>
            </span>
            <Typography component="span" variant="body2" color="text.secondary">
              <Ltr>{formatShekels(order.paidAmount || order.total, lang)}</Ltr> · {t(`admin.orders.statuses.${order.status}`, { defaultValue: order.status })}
              {order.refundAmount ? (
                <>
                  {' · '}
                  {t('admin.orders.refunded')} <Ltr>{formatShekels(order.refundAmount, lang)}</Ltr>
                </>
              ) : null}
            </Typography>
          </Line>
        ))}
      </Section>
      <Section title={t('admin.users.signIns')} empty={signIns.length === 0}>
        {signIns.map((signIn, index) => (
          <Line key={`${signIn.at}-${index}`}>
            <span>{formatAdminTime(signIn.at, lang)}</span>
            <Typography component="span" variant="body2" color="text.secondary">
              <Ltr>{signIn.device}</Ltr>
              {signIn.active ? ` · ${t('admin.users.activeSession')}` : ''}
            </Typography>
          </Line>
        ))}
      </Section>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="section">
      <Typography variant="h3" component="h3" gutterBottom>
        {title}
      </Typography>
      {empty ? (
        <Typography variant="body2" color="text.secondary">
          {t('admin.none')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {children}
        </Stack>
      )}
    </Box>
  );
}

function Line({ children }: { children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      {children}
    </Box>
  );
}
