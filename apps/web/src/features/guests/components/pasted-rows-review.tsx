import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import type { ImportRowError } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr, UserText } from '../../../design/bidi';
import type { PastedRow } from '../parse-pasted-rows';

const MAX_SHOWN = 200;

/**
 * The pasted rows as they will be added (name, phone, invited, group), each marked ready or with its
 * reasons, so the host sees more than "20 of 20 valid" before adding.
 */
export function PastedRowsReview({ rows, lines, errors }: { rows: PastedRow[]; lines: number[]; errors: ImportRowError[] }) {
  const { t } = useTranslation();
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const errorsByRow = new Map<number, ImportRowError[]>();
  for (const error of errors) errorsByRow.set(error.row, [...(errorsByRow.get(error.row) ?? []), error]);
  const statusOf = (index: number) => {
    const rowErrors = errorsByRow.get(index + 1) ?? [];
    return rowErrors.length > 0 ? (
      <Box sx={{ display: 'flex', gap: 0.5, color: 'error.main' }}>
        <ErrorIcon fontSize="small" aria-hidden />
        <span>{rowErrors.map((error) => t(`importErrors.${error.code}`)).join(' · ')}</span>
      </Box>
    ) : (
      <Box sx={{ display: 'flex', gap: 0.5, color: 'success.dark' }}>
        <CheckIcon fontSize="small" aria-hidden />
        <span>{t('guests.paste.ready')}</span>
      </Box>
    );
  };
  const more =
    rows.length > MAX_SHOWN ? (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('guests.paste.moreRows', { count: rows.length - MAX_SHOWN })}
      </Typography>
    ) : null;

  if (compact) {
    // On a phone each row is a short card: a six-column table would hide the status off screen.
    return (
      <Box>
        <Box
          component="ul"
          aria-label={t('guests.paste.review')}
          data-testid="paste-review"
          // A scrolling region takes focus so a keyboard can scroll it (axe scrollable-region-focusable).
          tabIndex={0}
          sx={{ listStyle: 'none', p: 0, m: 0, border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: 420, overflowY: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {rows.slice(0, MAX_SHOWN).map((row, index) => (
            <Box
              component="li"
              key={index}
              data-testid="paste-review-row"
              data-bad={errorsByRow.has(index + 1) || undefined}
              sx={{ px: 2, py: 1.25, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
            >
              <Typography sx={{ fontWeight: 600, display: 'flex', gap: 1 }}>
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                  <Ltr>{lines[index] ?? index + 1}</Ltr>
                </Box>
                {row.fullName ? <UserText>{row.fullName}</UserText> : '—'}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {row.phoneNumber ? <Ltr>{row.phoneNumber}</Ltr> : '—'}
                {' · '}
                {t('guests.card.invited', { count: Number(row.countOfInvites || 1) })}
                {row.group ? (
                  <>
                    {' · '}
                    <UserText>{row.group}</UserText>
                  </>
                ) : null}
              </Typography>
              <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
                {statusOf(index)}
              </Typography>
            </Box>
          ))}
        </Box>
        {more}
      </Box>
    );
  }

  return (
    <Box>
      <TableContainer tabIndex={0} role="region" aria-label={t('guests.paste.review')} sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 2, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}>
        <Table size="small" stickyHeader aria-label={t('guests.paste.review')} data-testid="paste-review">
          <TableHead>
            <TableRow>
              <TableCell>{t('guests.paste.line')}</TableCell>
              <TableCell>{t('guests.columns.fullName')}</TableCell>
              <TableCell>{t('guests.columns.phoneNumber')}</TableCell>
              <TableCell>{t('guests.columns.countOfInvites')}</TableCell>
              <TableCell>{t('guests.columns.group')}</TableCell>
              <TableCell>{t('guests.paste.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, MAX_SHOWN).map((row, index) => {
              const bad = errorsByRow.has(index + 1);
              return (
                <TableRow key={index} data-testid="paste-review-row" data-bad={bad || undefined}>
                  <TableCell>
                    <Ltr>{lines[index] ?? index + 1}</Ltr>
                  </TableCell>
                  <TableCell>{row.fullName ? <UserText>{row.fullName}</UserText> : '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.phoneNumber ? <Ltr>{row.phoneNumber}</Ltr> : '—'}</TableCell>
                  <TableCell>
                    <UserText>{row.countOfInvites || '1'}</UserText>
                  </TableCell>
                  <TableCell>{row.group ? <UserText>{row.group}</UserText> : '—'}</TableCell>
                  <TableCell>{statusOf(index)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {more}
    </Box>
  );
}
