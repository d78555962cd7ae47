import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportResult } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr, UserText } from '../../../design/bidi';

const MAX_SHOWN = 500;

interface ImportReportProps {
  result: ImportResult;
  /** Maps the reported row to what the host sees (a pasted line); a file's rows are its own. */
  rowLabel?: (row: number) => number;
  /** The report after adding (imported) rather than the preview. */
  committed?: boolean;
  /** Only the summary line (the paste review shows its rows in a table of its own). */
  summaryOnly?: boolean;
}

/**
 * How many rows are good, and every bad row with its place, its guest, the value and the reason ("Row 7,
 * Dana Levi – Invalid phone number: Phone 05-123"), before (or after) adding.
 */
export function ImportReport({ result, rowLabel = (row) => row, committed = false, summaryOnly = false }: ImportReportProps) {
  const { t } = useTranslation();
  const bad = result.total - result.valid;
  return (
    <Box data-testid="import-report">
      <Alert severity={bad === 0 ? 'success' : result.valid === 0 ? 'error' : 'warning'} sx={{ mb: 2 }}>
        {committed
          ? t('guests.import.imported', { count: result.imported })
          : t('guests.import.summary', { valid: result.valid, total: result.total })}
        {bad > 0 ? ` ${t('guests.import.badRows', { count: bad })}` : ''}
      </Alert>
      {result.errors.length > 0 && !summaryOnly ? (
        <TableContainer tabIndex={0} role="region" aria-label={t('guests.import.errorsTable')} sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 2, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}>
          <Table size="small" stickyHeader aria-label={t('guests.import.errorsTable')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('guests.import.row')}</TableCell>
                <TableCell>{t('guests.import.guest')}</TableCell>
                <TableCell>{t('guests.import.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.errors.slice(0, MAX_SHOWN).map((error) => (
                <TableRow key={`${error.row}-${error.column}-${error.code}`} data-testid="import-error">
                  <TableCell>
                    <Ltr>{rowLabel(error.row)}</Ltr>
                  </TableCell>
                  <TableCell>{error.name ? <UserText>{error.name}</UserText> : '—'}</TableCell>
                  <TableCell>
                    {t(`importErrors.${error.code}`)}
                    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                      {t(`guests.columns.${error.column}`, { defaultValue: error.column })}
                      {error.value ? (
                        <>
                          {': '}
                          <UserText>{error.value}</UserText>
                        </>
                      ) : null}
                    </Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {result.errors.length > MAX_SHOWN && !summaryOnly ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('guests.import.moreErrors', { count: result.errors.length - MAX_SHOWN })}
        </Typography>
      ) : null}
    </Box>
  );
}
