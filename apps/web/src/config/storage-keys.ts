/** localStorage keys of docs/product/entities.md#stored-in-the-browser. */
export const STORAGE_KEYS = {
  auth: 'auth',
  redirectPath: 'redirectPath',
  language: 'language',
  messageModalShown: 'messageModalShown',
  /** sessionStorage: why the panel went to /lock or /login (decision 0029). */
  sessionNotice: 'sessionNotice',
} as const;
