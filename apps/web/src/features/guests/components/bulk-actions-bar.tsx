import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LANGUAGES, type GroupDto, type Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../design/bidi';

interface BulkActionsBarProps {
  count: number;
  groups: GroupDto[];
  langs: Lang[];
  busy: boolean;
  onMove: (groupId: string | null) => void;
  onSetLang: (lang: Lang) => void;
  onDelete: () => void;
  onClear: () => void;
}

/** What can be done to the ticked guests at once: move to a group, set their language, delete. */
export function BulkActionsBar({ count, groups, langs, busy, onMove, onSetLang, onDelete, onClear }: BulkActionsBarProps) {
  const { t } = useTranslation();
  const [groupMenu, setGroupMenu] = useState<HTMLElement | null>(null);
  const [langMenu, setLangMenu] = useState<HTMLElement | null>(null);
  return (
    <Paper
      elevation={0}
      role="region"
      aria-label={t('guests.bulk.label')}
      data-testid="bulk-bar"
      // Stays under the fixed top bar while the host scrolls on ticking rows further down.
      sx={{
        p: 1.5,
        mb: 2,
        bgcolor: 'background.paper',
        border: 2,
        borderColor: 'primary.main',
        borderRadius: 3,
        position: 'sticky',
        top: { xs: 64, sm: 72 },
        zIndex: 3,
        boxShadow: '0 4px 16px rgba(42, 36, 51, 0.12)',
      }}
    >
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography sx={{ fontWeight: 600, me: 1 }}>{t('guests.bulk.selected', { count })}</Typography>
        <Button size="small" variant="outlined" onClick={(event) => setGroupMenu(event.currentTarget)} disabled={busy} data-testid="bulk-move">
          {t('guests.bulk.moveToGroup')}
        </Button>
        <Button size="small" variant="outlined" onClick={(event) => setLangMenu(event.currentTarget)} disabled={busy}>
          {t('guests.bulk.setLang')}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={onDelete} disabled={busy} data-testid="bulk-delete">
          {t('guests.bulk.delete')}
        </Button>
        <Button size="small" onClick={onClear} disabled={busy}>
          {t('guests.bulk.clear')}
        </Button>
      </Stack>
      <Menu anchorEl={groupMenu} open={Boolean(groupMenu)} onClose={() => setGroupMenu(null)}>
        {groups.map((group) => (
          <MenuItem
            key={group.id}
            onClick={() => {
              setGroupMenu(null);
              onMove(group.id);
            }}
          >
            <UserText>{group.name}</UserText>
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setGroupMenu(null);
            onMove(null);
          }}
        >
          {t('guests.groups.none')}
        </MenuItem>
      </Menu>
      <Menu anchorEl={langMenu} open={Boolean(langMenu)} onClose={() => setLangMenu(null)}>
        {LANGUAGES.filter((lang) => langs.includes(lang)).map((lang) => (
          <MenuItem
            key={lang}
            onClick={() => {
              setLangMenu(null);
              onSetLang(lang);
            }}
          >
            {t(`language.names.${lang}`)}
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
}
