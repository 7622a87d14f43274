import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { ptBR, type TranslationResource } from './locales/pt-BR';

/**
 * The language switch of docs/product/contradictions.md#language-switch: pt-BR (default, the source), en, el, it, sr, es. It translates
 * the navigation and the top bar: fixed labels without plurals or interpolation, so a typed lookup is all
 * it takes (this replaced i18next, ~17 kB gzipped on every authenticated screen; P4 in decision 0018).
 */
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

/** Every text: `nav.users`, `topbar.credits`, … */
export type TranslationKey = {
  [Group in keyof TranslationResource]: `${Group}.${keyof TranslationResource[Group] & string}`;
}[keyof TranslationResource];

// pt-BR is in the bundle; another language is fetched when it is stored or chosen.
const LOADERS: Record<Exclude<LanguageCode, 'pt-BR'>, () => Promise<TranslationResource>> = {
  en: () => import('./locales/en').then((m) => m.en),
  el: () => import('./locales/el').then((m) => m.el),
  it: () => import('./locales/it').then((m) => m.it),
  sr: () => import('./locales/sr').then((m) => m.sr),
  es: () => import('./locales/es').then((m) => m.es),
};
const resources: Partial<Record<LanguageCode, TranslationResource>> = { 'pt-BR': ptBR };

function isLanguageCode(value: string | null): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

export function storedLanguage(): LanguageCode {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

async function loadResource(code: LanguageCode): Promise<TranslationResource> {
  const loaded = resources[code];
  if (loaded) return loaded;
  const resource = await LOADERS[code as Exclude<LanguageCode, 'pt-BR'>]();
  resources[code] = resource;
  return resource;
}

let current: { code: LanguageCode; resource: TranslationResource } = { code: 'pt-BR', resource: ptBR };
const listeners = new Set<() => void>();
let lastRequested: LanguageCode = DEFAULT_LANGUAGE;

/** Shows `code` once its texts are here (the current language stays meanwhile); pt-BR if they fail. */
function activate(code: LanguageCode): Promise<void> {
  lastRequested = code;
  return loadResource(code).then(
    (resource) => {
      if (lastRequested !== code) return;
      current = { code, resource };
      listeners.forEach((listener) => listener());
    },
    () => undefined,
  );
}

/**
 * Resolves once the stored language can be shown. The shell's lazy import waits for it
 * (app/route-table.tsx), so a reload in English never flashes Portuguese.
 */
export function loadStoredLanguage(): Promise<void> {
  return activate(storedLanguage());
}

export function changeLanguage(code: LanguageCode): void {
  localStorage.setItem(STORAGE_KEYS.language, code);
  void activate(code);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language and its lookup; re-renders on a switch. */
export function useTranslation() {
  const { code, resource } = useSyncExternalStore(subscribe, () => current);
  const t = (key: TranslationKey): string => {
    const [group, name] = key.split('.') as [keyof TranslationResource, string];
    const texts: Record<string, string> = resource[group];
    return texts[name] ?? (ptBR[group] as Record<string, string>)[name] ?? key;
  };
  return { t, language: code };
}
