import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AdminGiftRequest } from '@magiim/shared';
import { currentLanguage } from '../../../app/i18n';
import { showToast } from '../../../components/toast-store';
import { isolateUserText, Ltr, UserText } from '../../../design/bidi';
import { translateError } from '../../../i18n/translate-error';
import { visuallyHidden } from '../../statistics/components/visually-hidden';
import { formatNumber, formatShekels } from '../../billing/format-money';
import { formatAdminDate, formatAdminTime } from '../admin-format';
import type { AdminSection } from '../admin-sections';
import { useGiftDecision } from '../api';
import { AdminList } from './admin-list';
import { ReasonDialog } from './reason-dialog';
import { UserDetailDialog } from './user-detail-dialog';
import { UserStateChip } from './user-state-chip';
import { reasonText } from '../../messaging/components/reason-text';

const Muted = ({ children }: { children: React.ReactNode }) => (
  <Typography component="span" variant="body2" color="text.secondary">
    {children}
  </Typography>
);
const dash = <Muted>—</Muted>;

/** The list of one section with its columns (and, for users and gift requests, its actions). */
export function AdminSectionView({ section }: { section: AdminSection }) {
  switch (section) {
    case 'users':
      return <UsersSection />;
    case 'events':
      return <EventsSection />;
    case 'orders':
      return <OrdersSection />;
    case 'coupons':
      return <CouponsSection />;
    case 'gifts':
      return <GiftsSection />;
    case 'templates':
      return <TemplatesSection />;
    case 'failures':
      return <FailuresSection />;
    case 'audit':
      return <AuditSection />;
  }
}

function UsersSection() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [search, setSearch] = useSearchParams();
  const open = (id: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('id', id);
      else next.delete('id');
      return next;
    });
  const c = (key: string) => t(`admin.users.columns.${key}`);
  return (
    <>
      <AdminList
        section="users"
        rowKey={(user) => user.id}
        columns={[
          { key: 'name', label: c('name'), render: (user) => <UserText>{user.fullName}</UserText> },
          { key: 'email', label: c('email'), render: (user) => <Ltr>{user.email}</Ltr> },
          { key: 'state', label: c('state'), render: (user) => <UserStateChip state={user.state} /> },
          { key: 'events', label: c('events'), numeric: true, render: (user) => <Ltr>{formatNumber(user.events, lang)}</Ltr> },
          { key: 'lastActiveAt', label: c('lastActiveAt'), nowrap: true, render: (user) => formatAdminDate(user.lastActiveAt, lang) },
        ]}
        rowAction={(user) => (
          <Button size="small" onClick={() => open(user.id)} data-testid="open-user">
            {t('admin.users.open')}
            {/* The visible word starts the button's name (WCAG 2.5.3); whose details, for a screen reader. */}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              <UserText>{user.fullName || user.email}</UserText>
            </Box>
          </Button>
        )}
      />
      <UserDetailDialog id={search.get('id')} onClose={() => open(null)} />
    </>
  );
}

function EventsSection() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const c = (key: string) => t(`admin.events.columns.${key}`);
  return (
    <AdminList
      section="events"
      rowKey={(event) => event.id}
      columns={[
        { key: 'name', label: c('name'), render: (event) => <UserText>{event.name}</UserText> },
        { key: 'date', label: c('date'), nowrap: true, render: (event) => formatAdminDate(event.date, lang) },
        { key: 'owner', label: c('owner'), render: (event) => (event.ownerEmail ? <Ltr>{event.ownerEmail}</Ltr> : dash) },
        { key: 'guests', label: c('guests'), numeric: true, render: (event) => <Ltr>{formatNumber(event.guests, lang)}</Ltr> },
        {
          key: 'package',
          label: c('package'),
          render: (event) => (event.guestDataErasedAt ? <Muted>{t('admin.events.erased')}</Muted> : event.packageId ? t('admin.events.paid') : t('admin.events.free')),
        },
      ]}
    />
  );
}

function OrdersSection() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const c = (key: string) => t(`admin.orders.columns.${key}`);
  return (
    <AdminList
      section="orders"
      rowKey={(order) => order.id}
      columns={[
        { key: 'number', label: c('number'), render: (order) => <Ltr>#{order.orderNumber}</Ltr> },
        {
          key: 'event',
          label: c('event'),
          render: (order) => (
            <Stack spacing={0.25} alignItems="flex-start">
              <UserText>{order.eventName}</UserText>
              <Muted>
                <Ltr>{order.userEmail}</Ltr>
              </Muted>
            </Stack>
          ),
        },
        {
          key: 'amount',
          label: c('amount'),
          numeric: true,
          render: (order) => (
            <Stack spacing={0.25}>
              <Ltr>{formatShekels(order.paidAmount || order.total, lang)}</Ltr>
              {order.refundAmount ? (
                <Typography component="span" variant="body2" color="secondary.main" data-testid="order-refund">
                  {t('admin.orders.refunded')} <Ltr>{formatShekels(order.refundAmount, lang)}</Ltr>
                </Typography>
              ) : null}
            </Stack>
          ),
        },
        { key: 'status', label: c('status'), render: (order) => t(`admin.orders.statuses.${order.status}`, { defaultValue: order.status }) },
        { key: 'createdAt', label: c('createdAt'), nowrap: true, render: (order) => formatAdminTime(order.paidAt ?? order.createdAt, lang) },
      ]}
    />
  );
}

function CouponsSection() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const c = (key: string) => t(`admin.coupons.columns.${key}`);
  return (
    <AdminList
      section="coupons"
      rowKey={(coupon) => coupon.id}
      columns={[
        { key: 'code', label: c('code'), render: (coupon) => <Ltr>{coupon.code}</Ltr> },
        {
          key: 'discount',
          label: c('discount'),
          render: (coupon) => <Ltr>{coupon.percent !== null ? `${coupon.percent}%` : coupon.amount !== null ? formatShekels(coupon.amount, lang) : '—'}</Ltr>,
        },
        {
          key: 'uses',
          label: c('uses'),
          numeric: true,
          render: (coupon) => <Ltr>{coupon.maxUses !== null ? `${coupon.uses} / ${coupon.maxUses}` : String(coupon.uses)}</Ltr>,
        },
        {
          key: 'valid',
          label: c('valid'),
          render: (coupon) =>
            coupon.startsOn || coupon.expiresOn ? (
              <Ltr>
                {coupon.startsOn ? formatAdminDate(coupon.startsOn, lang) : '…'} – {coupon.expiresOn ? formatAdminDate(coupon.expiresOn, lang) : '…'}
              </Ltr>
            ) : (
              <Muted>{t('admin.coupons.always')}</Muted>
            ),
        },
        { key: 'package', label: c('package'), render: (coupon) => (coupon.packageId !== null ? <Ltr>{coupon.packageId}</Ltr> : t('admin.coupons.anyPackage')) },
      ]}
    />
  );
}

function GiftsSection() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const decide = useGiftDecision();
  const [asking, setAsking] = useState<{ request: AdminGiftRequest; action: 'approve' | 'reject' } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const c = (key: string) => t(`admin.gifts.columns.${key}`);
  const confirm = (reason: string, link?: string) => {
    if (!asking) return;
    const { request, action } = asking;
    setError(null);
    decide.mutate(
      { eventId: request.eventId, action, reason, ...(action === 'approve' ? { link } : {}) },
      {
        onSuccess: () => {
          setAsking(null);
          showToast(`admin.gifts.done.${action}`, 'success');
        },
        onError: (problem) => setError(translateError(t, problem)),
      },
    );
  };
  return (
    <>
      <AdminList
        section="gifts"
        rowKey={(request) => request.eventId}
        columns={[
          {
            key: 'event',
            label: c('event'),
            render: (request) => (
              <Stack spacing={0.25} alignItems="flex-start">
                <UserText>{request.eventName}</UserText>
                {request.ownerEmail ? (
                  <Muted>
                    <Ltr>{request.ownerEmail}</Ltr>
                  </Muted>
                ) : null}
              </Stack>
            ),
          },
          { key: 'holder', label: c('holder'), render: (request) => <UserText>{request.holderName}</UserText> },
          { key: 'status', label: c('status'), render: (request) => t(`admin.gifts.statuses.${request.status}`, { defaultValue: request.status }) },
          { key: 'requestedAt', label: c('requestedAt'), nowrap: true, render: (request) => formatAdminTime(request.requestedAt, lang) },
          { key: 'reason', label: c('reason'), render: (request) => (request.reason ? <UserText>{request.reason}</UserText> : dash) },
        ]}
        rowAction={(request) =>
          request.status === 'REGISTERED' ? (
            <Stack direction="row" spacing={1} justifyContent="flex-end">
              <Button size="small" variant="outlined" onClick={() => (setError(null), setAsking({ request, action: 'approve' }))} data-testid="gift-approve">
                {t('admin.gifts.actions.approve')}
              </Button>
              <Button size="small" color="error" onClick={() => (setError(null), setAsking({ request, action: 'reject' }))} data-testid="gift-reject">
                {t('admin.gifts.actions.reject')}
              </Button>
            </Stack>
          ) : null
        }
      />
      <ReasonDialog
        open={Boolean(asking)}
        title={asking ? t(`admin.gifts.confirm.${asking.action}.title`) : ''}
        description={asking ? t(`admin.gifts.confirm.${asking.action}.body`, { name: isolateUserText(asking.request.eventName) }) : ''}
        confirmLabel={asking ? t(`admin.gifts.actions.${asking.action}`) : ''}
        destructive={asking?.action === 'reject'}
        withLink={asking?.action === 'approve'}
        reasonKind={asking?.action === 'reject' ? 'hostExplanation' : 'audit'}
        pending={decide.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

function TemplatesSection() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const c = (key: string) => t(`admin.templates.columns.${key}`);
  return (
    <AdminList
      section="templates"
      rowKey={(review) => `${review.eventId}:${review.name}:${review.lang}`}
      columns={[
        { key: 'event', label: c('event'), render: (review) => <UserText>{review.eventName}</UserText> },
        { key: 'name', label: c('name'), render: (review) => <Ltr>{review.name}</Ltr> },
        { key: 'lang', label: c('lang'), render: (review) => <Ltr>{review.lang}</Ltr> },
        { key: 'status', label: c('status'), render: (review) => t(`admin.templates.statuses.${review.status}`, { defaultValue: review.status }) },
        { key: 'reason', label: c('reason'), render: (review) => (review.reason ? <Ltr>{review.reason}</Ltr> : dash) },
        { key: 'updatedAt', label: c('updatedAt'), nowrap: true, render: (review) => formatAdminTime(review.updatedAt, lang) },
      ]}
    />
  );
}

function FailuresSection() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const c = (key: string) => t(`admin.failures.columns.${key}`);
  return (
    <AdminList
      section="failures"
      rowKey={(failure) => failure.id}
      columns={[
        { key: 'event', label: c('event'), render: (failure) => <UserText>{failure.eventName}</UserText> },
        { key: 'action', label: c('action'), render: (failure) => t(`messaging.actions.${failure.action}`) },
        { key: 'channel', label: c('channel'), render: (failure) => t(`admin.failures.filters.${failure.channel}`, { defaultValue: String(failure.channel) }) },
        { key: 'reason', label: c('reason'), render: (failure) => (failure.reason ? reasonText(t, failure.reason) : dash) },
        { key: 'attempts', label: c('attempts'), numeric: true, render: (failure) => <Ltr>{failure.attempts}</Ltr> },
        { key: 'failedAt', label: c('failedAt'), nowrap: true, render: (failure) => (failure.failedAt ? formatAdminTime(failure.failedAt, lang) : dash) },
      ]}
    />
  );
}

function AuditSection() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const c = (key: string) => t(`admin.audit.columns.${key}`);
  return (
    <AdminList
      section="audit"
      rowKey={(entry) => entry.id}
      columns={[
        { key: 'at', label: c('at'), nowrap: true, render: (entry) => formatAdminTime(entry.at, lang) },
        { key: 'admin', label: c('admin'), render: (entry) => (entry.adminEmail === 'cli' ? t('admin.audit.cli') : <Ltr>{entry.adminEmail}</Ltr>) },
        {
          key: 'action',
          label: c('action'),
          render: (entry) => <span data-testid="audit-action">{t(`admin.audit.actions.${entry.action.replace(/\./g, '_')}`, { defaultValue: entry.action })}</span>,
        },
        {
          key: 'target',
          label: c('target'),
          render: (entry) => (
            <Stack spacing={0.25} alignItems="flex-start">
              {entry.targetType === 'user' && entry.targetId ? (
                <Link component={RouterLink} to={`/admin/users?id=${encodeURIComponent(entry.targetId)}`}>
                  {t('admin.audit.targets.user')}
                </Link>
              ) : (
                <span>{t(`admin.audit.targets.${entry.targetType}`, { defaultValue: entry.targetType })}</span>
              )}
              {entry.targetId ? (
                // The first block of the id tells entries apart; the whole id is in the title.
                <Muted>
                  <Ltr>
                    <span title={entry.targetId}>{entry.targetId.slice(0, 8)}</span>
                  </Ltr>
                </Muted>
              ) : null}
            </Stack>
          ),
        },
        { key: 'reason', label: c('reason'), render: (entry) => (entry.reason ? <UserText>{entry.reason}</UserText> : dash) },
      ]}
    />
  );
}
