import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { el } from './locales/el';
import { en } from './locales/en';
import { es } from './locales/es';
import { it } from './locales/it';
import { ptBR, type TranslationResource } from './locales/pt-BR';
import { sr } from './locales/sr';

/** The language switch of PRODUCT.md §2: pt-BR (default, the source), en, el, it, sr, es. */
export const LANGUAGES = [
  { code: 'pt-BR', label: 'Português' },
  { code: 'en', label: 'English' },
  { code: 'el', label: 'Ελληνικά' },
  { code: 'it', label: 'Italiano' },
  { code: 'sr', label: 'Srpski' },
  { code: 'es', label: 'Español' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'pt-BR';

const resources: Record<LanguageCode, { translation: TranslationResource }> = {
  'pt-BR': { translation: ptBR },
  en: { translation: en },
  el: { translation: el },
  it: { translation: it },
  sr: { translation: sr },
  es: { translation: es },
};

function isLanguageCode(value: string | null): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

export function storedLanguage(): LanguageCode {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

export function changeLanguage(code: LanguageCode): void {
  localStorage.setItem(STORAGE_KEYS.language, code);
  void i18n.changeLanguage(code);
}

if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    resources,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
}

export { i18n };
