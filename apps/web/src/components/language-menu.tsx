import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES, type Lang } from '@magiim/shared';
import { LanguageFlag } from './language-flag';
import { NATIVE_NAMES } from './language-names';

interface Props {
  id: string;
  anchor: HTMLElement | null;
  lang: Lang;
  onClose: () => void;
  onChoose: (lang: Lang) => void;
}

/** The language picker's menu (components/language-picker.tsx), loaded on its own: the menu always names each language in itself. */
export function LanguageMenu({ id, anchor, lang, onClose, onChoose }: Props) {
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LANGUAGES.map((option) => (
        <MenuItem
          key={option}
          data-testid={`lang-${option}`}
          selected={option === lang}
          lang={option}
          onClick={() => onChoose(option)}
          sx={{ minHeight: 48, minWidth: 180 }}
        >
          <ListItemIcon>
            <LanguageFlag lang={option} />
          </ListItemIcon>
          <ListItemText>{NATIVE_NAMES[option]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
