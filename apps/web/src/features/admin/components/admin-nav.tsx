import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import HistoryIcon from '@mui/icons-material/History';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ADMIN_SECTIONS, type AdminSection } from '../admin-sections';

const ICONS: Record<AdminSection, React.ReactElement> = {
  users: <PeopleIcon />,
  events: <EventIcon />,
  orders: <ReceiptIcon />,
  coupons: <LocalOfferIcon />,
  gifts: <CardGiftcardIcon />,
  templates: <ChatIcon />,
  failures: <ErrorOutlineIcon />,
  audit: <HistoryIcon />,
};

/** The sections: a side list on wide screens, scrolling tabs on a phone. Each is a link (`/admin/<section>`). */
export function AdminNav({ current, wide }: { current: AdminSection; wide: boolean }) {
  const { t } = useTranslation();
  if (!wide) {
    return (
      <Tabs
        component="nav"
        aria-label={t('admin.nav.label')}
        value={current}
        variant="scrollable"
        scrollButtons={false}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, '& .MuiTabs-flexContainer': { gap: 0.5 } }}
      >
        {ADMIN_SECTIONS.map((section) => (
          <Tab
            key={section}
            value={section}
            label={t(`admin.nav.${section}`)}
            component={RouterLink}
            to={`/admin/${section}`}
            aria-current={section === current ? 'page' : undefined}
            data-testid={`admin-nav-${section}`}
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
    );
  }
  return (
    <Card component="nav" aria-label={t('admin.nav.label')} sx={{ position: 'sticky', top: 88, alignSelf: 'start' }}>
      <List sx={{ py: 1 }}>
        {ADMIN_SECTIONS.map((section) => (
          <ListItem key={section} disablePadding>
          <ListItemButton
            component={RouterLink}
            to={`/admin/${section}`}
            selected={section === current}
            aria-current={section === current ? 'page' : undefined}
            data-testid={`admin-nav-${section}`}
            sx={{ minHeight: 44, mx: 1, borderRadius: 2.5 }}
          >
            <ListItemIcon sx={{ minWidth: 40, color: section === current ? 'primary.main' : undefined }}>{ICONS[section]}</ListItemIcon>
            <ListItemText primary={t(`admin.nav.${section}`)} primaryTypographyProps={{ fontWeight: section === current ? 600 : 400 }} />
          </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Card>
  );
}
