/**
 * The one inline script of the panel's signed-in pages (decision 0110): it asks for the profile while the
 * page is still being read, before the ~90 files the page announces take the browser's six connections,
 * and leaves the answer for the panel's API client (lib/api-client.ts) under `EARLY_PROFILE_GLOBAL`.
 * It is written here, once, because the server allows exactly this text by its hash in the panel's
 * content security policy (lib/content-security-policy.ts) and the web build writes it into the pages
 * (build/route-pages.ts): any other inline script still does not run (decision 0023).
 */

/** The localStorage entry that holds the session (the web app's STORAGE_KEYS.auth). */
export const EARLY_PROFILE_AUTH_KEY = 'auth';
/**
 * Where the script leaves `{ authorization, startedAt, response }` (the fetch's promise) for the API
 * client: the shape of its early answers.
 */
export const EARLY_PROFILE_GLOBAL = '__panelEarlyProfile';
/** The request (the web app's API_BASE_PATH + '/profile'). */
export const EARLY_PROFILE_URL = '/api/profile';

// ES5, no dependency: it runs before any module. Without a stored token it does nothing; a failed request
// is the API client's to report when it takes the answer (or is dropped with it).
export const EARLY_PROFILE_REQUEST_SCRIPT =
  '(function(){try{' +
  `var a=JSON.parse(localStorage.getItem(${JSON.stringify(EARLY_PROFILE_AUTH_KEY)})||"null");` +
  'if(!a||typeof a.token!=="string"||!a.token)return;' +
  'var h="Bearer "+a.token;' +
  `var r=fetch(${JSON.stringify(EARLY_PROFILE_URL)},{headers:{Accept:"application/json",Authorization:h},credentials:"include"});` +
  'r.catch(function(){});' +
  `window.${EARLY_PROFILE_GLOBAL}={authorization:h,startedAt:Date.now(),response:r}` +
  '}catch(e){}})()';
