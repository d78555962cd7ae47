import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../../components/language-picker';
import { Logo } from '../../components/logo';
import { SiteFooter } from '../../components/site-footer';

/** Auth, status and policy pages: logo and language picker above one centred card (wide for tools). */
export function BlankLayout({ wide = false, maxWidth = wide ? 'lg' : 'sm' }: { wide?: boolean; maxWidth?: 'sm' | 'md' | 'lg' }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ py: 2 }}>
        <Container maxWidth={maxWidth} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Logo to="/" />
          <LanguagePicker />
        </Container>
      </Box>
      <Container component="main" maxWidth={maxWidth} sx={{ flexGrow: 1, display: 'flex', alignItems: 'flex-start', py: 2 }}>
        <Card sx={{ width: '100%' }} elevation={2}>
          <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
            <Outlet />
          </CardContent>
        </Card>
      </Container>
      <SiteFooter />
    </Box>
  );
}
