import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { texts } from './resources';
import { storedLanguage } from './language';

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: texts.zh }, en: { translation: texts.en }, th: { translation: texts.th } },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
});

export default i18n;
