import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import EventIcon from '@mui/icons-material/Event';
import EventSeatIcon from '@mui/icons-material/EventSeatOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import RedeemIcon from '@mui/icons-material/RedeemOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswerOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import SmsIcon from '@mui/icons-material/SmsOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import type { ContentNavItem, ContentNavSection } from './content-nav';

export interface EventNavOptions {
  /** progressStatus above 0: the Payment tab reads Upgrade. */
  paid: boolean;
  /** The event includes calls and its package is not messages-only. */
  showCalls: boolean;
  /** The owner's (a co-host may not pay): without it there is no Payment/Upgrade tab. Default true. */
  canPay?: boolean;
}

const manage = { action: 'manage', subject: 'Event' } as const;

/**
 * Screens that exist today. Items of later features stay described below and appear once their route is
 * added here (calls, gifts).
 */
const LIVE_SCREENS = new Set<string>([
  'statistics',
  'guest/list',
  'guest/answers',
  'guest/groups',
  'message-template',
  'call-messages',
  'my-expenses',
  'gifts',
  'guest/timing',
  'seating',
  'check-in',
  'gifts-ledger',
  'invitation',
  'settings',
  '/userSettings',
  '/manage-events',
  '/my-orders',
  '/FAQS-contact-us',
]);

const screenOf = (to: string, base: string): string => (to.startsWith(`${base}/`) ? to.slice(base.length + 1) : to);

/** Side menu and top tabs of the event dashboard (spec §2), for the content layout. */
export const eventDashboardNav = (eventId: string, { paid, showCalls, canPay = true }: EventNavOptions) => {
  const base = `/event/${eventId}`;
  const sections: ContentNavSection[] = [
    { items: [{ labelKey: 'layout.nav.dashboard', to: `${base}/statistics`, icon: <DashboardIcon />, can: manage }] },
    {
      titleKey: 'layout.nav.management',
      items: [
        { labelKey: 'layout.nav.guestsList', to: `${base}/guest/list`, icon: <PeopleIcon />, can: manage },
        { labelKey: 'invitations.nav.guestAnswers', to: `${base}/guest/answers`, icon: <QuestionAnswerIcon />, can: manage },
        { labelKey: 'layout.nav.messageTemplates', to: `${base}/message-template`, icon: <SmsIcon />, can: manage },
        { labelKey: 'layout.nav.callTemplates', to: `${base}/call-messages`, icon: <PhoneIcon />, can: manage },
        { labelKey: 'layout.nav.actionTiming', to: `${base}/guest/timing`, icon: <ScheduleIcon />, can: manage },
        { labelKey: 'layout.nav.groups', to: `${base}/guest/groups`, icon: <GroupsIcon />, can: manage },
        { labelKey: 'layout.nav.seating', to: `${base}/seating`, icon: <EventSeatIcon />, can: manage },
        { labelKey: 'layout.nav.checkIn', to: `${base}/check-in`, icon: <HowToRegIcon />, can: manage },
        { labelKey: 'layout.nav.giftLedger', to: `${base}/gifts-ledger`, icon: <RedeemIcon />, can: manage },
        { labelKey: 'layout.nav.invitationPreview', to: `${base}/invitation`, icon: <VisibilityIcon />, can: manage },
        { labelKey: 'layout.nav.gifts', to: `${base}/gifts`, icon: <CardGiftcardIcon />, can: manage },
        { labelKey: 'layout.nav.expenses', to: `${base}/my-expenses`, icon: <ReceiptLongIcon />, can: manage },
      ],
    },
    {
      titleKey: 'layout.nav.settings',
      items: [
        { labelKey: 'layout.nav.eventSettings', to: `${base}/settings`, icon: <SettingsIcon />, can: manage },
        { labelKey: 'layout.nav.myProfile', to: '/userSettings', icon: <PersonOutlineIcon /> },
        { labelKey: 'layout.nav.myEvents', to: '/manage-events', icon: <EventIcon /> },
        { labelKey: 'nav.myOrders', to: '/my-orders', icon: <ReceiptIcon /> },
      ],
    },
    { titleKey: 'layout.nav.support', items: [{ labelKey: 'layout.nav.contactUs', to: '/FAQS-contact-us', icon: <MailOutlineIcon /> }] },
  ];
  const tabs: ContentNavItem[] = [
    { labelKey: 'layout.tab.guests', to: `${base}/guest/list`, can: manage },
    { labelKey: 'layout.tab.messages', to: `${base}/message-template`, can: manage },
    ...(showCalls ? [{ labelKey: 'layout.tab.calls', to: `${base}/call-messages`, can: manage }] : []),
    { labelKey: 'layout.tab.timing', to: `${base}/guest/timing`, can: manage },
    ...(canPay ? [{ labelKey: paid ? 'layout.tab.upgrade' : 'layout.tab.payment', to: `/pricing/${eventId}`, icon: <AttachMoneyIcon />, can: manage }] : []),
    { labelKey: 'layout.tab.gifts', to: `${base}/gifts`, can: manage },
  ];
  const live = (item: ContentNavItem) => item.to === `/pricing/${eventId}` || LIVE_SCREENS.has(screenOf(item.to, base));
  return {
    sections: sections.map((section) => ({ ...section, items: section.items.filter(live) })).filter((section) => section.items.length > 0),
    tabs: tabs.filter(live),
  };
};
