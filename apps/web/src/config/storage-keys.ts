/** localStorage keys of spec §3 "Stored local auth … Other local keys". */
export const STORAGE_KEYS = {
  auth: 'auth',
  redirectPath: 'redirectPath',
  language: 'language',
  messageModalShown: 'messageModalShown',
  /** sessionStorage: why the panel went to /lock or /login (decision 0029). */
  sessionNotice: 'sessionNotice',
} as const;
