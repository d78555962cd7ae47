import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { Ltr, UserText } from '../../../design/bidi';
import { useConfig } from '../../config/api';
import { contactLinkOf } from '../statement';

/** The coordinator's contact from the public config (ACCESSIBILITY_CONTACT, else the support e-mail); a placeholder while it loads. */
export function CoordinatorContact() {
  const { data: config, isPending } = useConfig();
  const contact = config?.accessibilityContact ?? config?.supportEmail;
  if (!contact) {
    return isPending ? <Skeleton variant="text" aria-hidden sx={{ width: '14em', height: 44 }} /> : null;
  }
  const link = contactLinkOf(contact);
  const phone = config?.accessibilityContactPhone ? contactLinkOf(config.accessibilityContactPhone) : null;
  return (
    <Box component="p" data-testid="accessibility-coordinator" sx={{ m: 0, fontSize: '1.125rem', fontWeight: 600 }}>
      {config?.accessibilityContactName ? (
        <Box component="span" sx={{ display: 'block' }} data-testid="accessibility-coordinator-name">
          <UserText>{config.accessibilityContactName}</UserText>
        </Box>
      ) : null}
      {phone?.href ? (
        <Link href={phone.href} sx={{ display: 'flex', alignItems: 'center', minHeight: 44, width: 'fit-content' }} data-testid="accessibility-coordinator-phone">
          <Ltr>{phone.text}</Ltr>
        </Link>
      ) : null}
      {link.href ? (
        <Link href={link.href} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
          <Ltr>{link.text}</Ltr>
        </Link>
      ) : (
        <UserText>{link.text}</UserText>
      )}
    </Box>
  );
}
