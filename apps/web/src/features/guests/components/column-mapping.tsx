import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import { GUEST_IMPORT_COLUMNS, REQUIRED_IMPORT_COLUMNS, type GuestImportColumn, type ImportMapping, type ImportSheet } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { isolateLtr, UserText } from '../../../design/bidi';

/** A sheet column's letters as Excel shows them (1 → A, 27 → AA). */
export const columnLetters = (column: number): string => {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};

/** Each column's field as the host sees it now: their own choice when they made one, else the server's reading. */
export const fieldsOf = (sheet: ImportSheet, mapping: ImportMapping | null): Map<number, GuestImportColumn | null> =>
  new Map(sheet.columns.map(({ column, field }) => [column, mapping ? (mapping.columns.find((entry) => entry.column === column)?.field ?? null) : field]));

/** The row of titles as the host sees it now (null: no titles, the first row is a guest). */
export const titleRowOf = (sheet: ImportSheet, mapping: ImportMapping | null): number | null => (mapping ? mapping.titleRow : sheet.titleRow);

/** The mapping after the host says whether the first row is titles or a guest; the columns keep their fields. */
export const withTitleRow = (sheet: ImportSheet, current: ImportMapping | null, titleRow: number | null): ImportMapping => {
  const fields = fieldsOf(sheet, current);
  return { titleRow, columns: sheet.columns.map(({ column }) => ({ column, field: fields.get(column) ?? null })) };
};

/**
 * The host may say whether the sheet's first row is titles or a guest when we were not sure: no titles row
 * found, or titles in the first row we did not recognise (or they have already chosen).
 */
export const asksAboutFirstRow = (sheet: ImportSheet, mapping: ImportMapping | null): boolean =>
  (sheet.titleRow === null || sheet.titleRow === sheet.firstRow) && (mapping !== null || !mappingIsComplete(fieldsOf(sheet, null)));

/** The mapping after the host sets one column: a field taken from another column leaves that one "not imported". */
export const withColumnField = (sheet: ImportSheet, current: ImportMapping | null, column: number, field: GuestImportColumn | null): ImportMapping => {
  const fields = fieldsOf(sheet, current);
  return {
    titleRow: titleRowOf(sheet, current),
    columns: sheet.columns.map((entry) => {
      if (entry.column === column) return { column: entry.column, field };
      const own = fields.get(entry.column) ?? null;
      return { column: entry.column, field: field !== null && own === field ? null : own };
    }),
  };
};

export const mappingIsComplete = (fields: Map<number, GuestImportColumn | null>): boolean => {
  const chosen = new Set(fields.values());
  return REQUIRED_IMPORT_COLUMNS.every((required) => chosen.has(required));
};

const NOT_IMPORTED = '';
const FIRST_ROW_TITLES = 'titles';
const FIRST_ROW_GUEST = 'guest';

/**
 * How the file's columns were read, before anything is added: each column's title, a few of its values and
 * the field it goes to, which the host can change. A column with data that goes nowhere says so.
 */
export function ColumnMapping({
  sheet,
  mapping,
  onChange,
  onTitleRowChange,
  disabled,
}: {
  sheet: ImportSheet;
  mapping: ImportMapping | null;
  onChange: (column: number, field: GuestImportColumn | null) => void;
  onTitleRowChange: (titleRow: number | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const fields = fieldsOf(sheet, mapping);
  const titleRow = titleRowOf(sheet, mapping);
  const hint =
    titleRow === null
      ? t('guests.import.mapping.hintNoTitles')
      : mappingIsComplete(fieldsOf(sheet, null))
        ? t('guests.import.mapping.hint', { row: isolateLtr(String(titleRow)) })
        : t('guests.import.mapping.hintGuess', { row: isolateLtr(String(titleRow)) });
  return (
    <Box component="section" aria-labelledby="column-mapping-title" sx={{ mb: 2 }} data-testid="column-mapping">
      <Typography id="column-mapping-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('guests.import.mapping.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {hint}
      </Typography>
      {asksAboutFirstRow(sheet, mapping) ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1.5 }} data-testid="mapping-first-row">
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
            {t('guests.import.mapping.firstRow', { row: isolateLtr(String(sheet.firstRow)) })}
          </Typography>
          <RadioGroup
            row
            value={titleRow === null ? FIRST_ROW_GUEST : FIRST_ROW_TITLES}
            onChange={(event) => onTitleRowChange(event.target.value === FIRST_ROW_GUEST ? null : sheet.firstRow)}
          >
            <FormControlLabel value={FIRST_ROW_TITLES} control={<Radio size="small" />} label={t('guests.import.mapping.firstRowTitles')} disabled={disabled} />
            <FormControlLabel value={FIRST_ROW_GUEST} control={<Radio size="small" />} label={t('guests.import.mapping.firstRowGuest')} disabled={disabled} data-testid="mapping-first-row-guest" />
          </RadioGroup>
        </Box>
      ) : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, border: 1, borderColor: 'divider', borderRadius: 2 }}>
        {sheet.columns.map(({ column, title, samples, filled }) => {
          const field = fields.get(column) ?? null;
          const name = title || t('guests.import.mapping.untitled', { letter: columnLetters(column) });
          const skipped = field === null && filled > 0;
          return (
            <Box
              component="li"
              key={column}
              data-testid="mapping-column"
              data-column={column}
              sx={{
                display: 'grid',
                gap: { xs: 1, sm: 2 },
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1.3fr) 200px' },
                px: 2,
                py: 1.25,
                '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
                bgcolor: skipped ? (theme) => alpha(theme.palette.warning.main, 0.08) : undefined,
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, display: 'flex', gap: 1, minWidth: 0 }}>
                  {/* An untitled column's name already says its letter. */}
                  {title ? (
                    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, flexShrink: 0 }} dir="ltr">
                      {columnLetters(column)}
                    </Box>
                  ) : null}
                  <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    <UserText>{name}</UserText>
                  </Box>
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary" noWrap title={samples.join(' · ')} aria-label={`${t('guests.import.mapping.samples')}: ${samples.join(', ')}`}>
                {samples.map((sample, index) => (
                  <span key={index}>
                    {index > 0 ? ' · ' : ''}
                    <UserText>{sample}</UserText>
                  </span>
                ))}
              </Typography>
              <Box>
                <TextField
                  select
                  size="small"
                  fullWidth
                  disabled={disabled}
                  label={t('guests.import.mapping.field')}
                  value={field ?? NOT_IMPORTED}
                  onChange={(event) => onChange(column, (event.target.value || null) as GuestImportColumn | null)}
                  slotProps={{
                    htmlInput: { 'aria-label': t('guests.import.mapping.fieldFor', { column: name }) },
                    select: { displayEmpty: true },
                    inputLabel: { shrink: true },
                  }}
                  data-testid={`mapping-select-${column}`}
                >
                  <MenuItem value={NOT_IMPORTED}>{t('guests.import.mapping.notImported')}</MenuItem>
                  {GUEST_IMPORT_COLUMNS.map((option) => (
                    <MenuItem key={option} value={option}>
                      {t(`guests.columns.${option}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {skipped ? (
                  <Typography variant="caption" color="text.primary" sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', mt: 0.5 }} data-testid="mapping-skipped">
                    <WarningIcon sx={{ fontSize: 16, mt: '1px', color: 'warning.main' }} aria-hidden />
                    <span>{t('guests.import.mapping.skipped')}</span>
                  </Typography>
                ) : null}
              </Box>
            </Box>
          );
        })}
      </Box>
      {!mappingIsComplete(fields) ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="mapping-incomplete">
          {t('guests.import.mapping.needsRequired')}
        </Alert>
      ) : null}
    </Box>
  );
}
