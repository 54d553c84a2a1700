// Labels come from the contract's English catalogue, so that the page and the API word things alike.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages } from '@testbed/contract';

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
    // Messages are sentences: their dots and colons are not key paths or namespaces.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
