// The one message system of the web app: the contract's English catalogues are i18next's resources, one
// namespace per catalogue (the general one, `translation`, and one per area), and every text is read through
// i18next with the catalogue's keys: `t('KEY')` in components, or an area's `catalogue(name).KEY`.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages } from '@testbed/contract';

/**
 * The areas' catalogues (the contract's `userMessages`, `registrationMessages` ...), one i18next namespace
 * each. A page hands its area's catalogue to `catalogue()` when it loads, so that each catalogue travels with
 * the pages that show it rather than in every page's first load.
 */
export type CatalogueName =
  | 'accountSecurity'
  | 'accountValidation'
  | 'apiTokens'
  | 'credentials'
  | 'employers'
  | 'groups'
  | 'intendedUsages'
  | 'referenceLists'
  | 'registration'
  | 'roles'
  | 'users';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof messages };
  }
}

export function createI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: messages } },
    defaultNS: 'translation',
    // Messages are sentences: their dots and colons are not key paths or namespaces.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** The app's instance, made when this module loads so that texts read at import time go through it too. */
export const appI18n = createI18n();

/**
 * An area's texts read through i18next: `catalogue('users', userMessagesEn).USERS_COUNT` is i18next's text for
 * the key USERS_COUNT of the namespace `users`, whose English resources are the contract's catalogue given
 * here. Each text is read when it is used, in components as in helpers. (Lint allows the English catalogue
 * to be imported only as `...MessagesEn` and only handed to this function.)
 */
export function catalogue<C extends Record<string, string>>(name: CatalogueName, english: C): Readonly<C> {
  if (!appI18n.hasResourceBundle('en', name)) appI18n.addResourceBundle('en', name, english);
  return new Proxy({} as C, {
    get: (_target, key) => (typeof key === 'string' ? appI18n.t(key as never, { ns: name }) : undefined),
  });
}
