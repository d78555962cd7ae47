import { isLang } from '@magiim/shared';
import { saveUserLanguage } from '../features/user-settings/save-user-language';
import { currentLanguage, i18n } from './i18n';
import { subscribeSession } from './session';

/**
 * The account keeps the language its user last worked in, so e-mails and notifications follow it: every
 * change (the picker, an address like /login/en) and the language in use at sign-in are saved.
 */
export const syncLanguageToAccount = (): void => {
  i18n.on('languageChanged', (lang) => {
    if (isLang(lang)) void saveUserLanguage(lang);
  });
  subscribeSession(() => void saveUserLanguage(currentLanguage()));
};
