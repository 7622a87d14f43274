/** Query keys of the profile's 'API' section (nothing else reads them). */
export const API_TOKEN_KEYS = {
  all: ['api-tokens'] as const,
  own: ['api-tokens', 'own'] as const,
  everyone: ['api-tokens', 'everyone'] as const,
};
