// The built-in credential providers the spec names, in catalog order; tests check the catalog and the API against it.
export const BUILTIN_PROVIDER_IDS = [
  'github',
  'google',
  'slack',
  'notion',
  'linear',
  'openai',
  'gitlab',
  'atlassian',
  'stripe',
  'hubspot',
  'discord',
  'asana',
  'api_key',
  'basic_auth',
  'custom',
  'none',
]
