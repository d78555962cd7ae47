import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../../components/language-picker';
import { Logo } from '../../components/logo';
import { SiteFooter } from '../../components/site-footer';
import { AccountPanel } from './account-panel';

type Width = 'sm' | 'md' | 'lg';

/**
 * Account, status and policy pages. Without a width: the account layout, on desktop the brand panel beside
 * the form card, on a phone the form alone. With `maxWidth` (policies) or `wide` (tools): one centred card.
 * Header, content and footer share one container, so their edges line up.
 */
export function BlankLayout({ wide = false, maxWidth }: { wide?: boolean; maxWidth?: Width }) {
  const account = !wide && !maxWidth;
  const width: Width = maxWidth ?? (wide ? 'lg' : account ? 'lg' : 'sm');
  const card = (
    <Card sx={{ width: '100%' }} elevation={0}>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
        <Outlet />
      </CardContent>
    </Card>
  );
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ py: { xs: 1, sm: 2 } }}>
        <Container maxWidth={width} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Logo to="/" />
          <LanguagePicker />
        </Container>
      </Box>
      <Container component="main" maxWidth={width} sx={{ flexGrow: 1, py: { xs: 1, sm: 3 } }}>
        {account ? (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '1fr minmax(0, 520px)' },
              gap: { md: 4, lg: 6 },
              alignItems: 'center',
            }}
          >
            <Box sx={{ display: { xs: 'none', md: 'block' } }}>
              <AccountPanel />
            </Box>
            {card}
          </Box>
        ) : (
          card
        )}
      </Container>
      <SiteFooter maxWidth={width} />
    </Box>
  );
}
