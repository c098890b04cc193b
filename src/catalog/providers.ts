// Built-in authentication providers, as data: OAuth endpoints, default scopes and API base URLs of well-known services.

type ProviderAuthType = 'oauth' | 'api_key' | 'basic_auth' | 'custom' | 'none'

export interface ProviderDefinition {
  id: string
  name: string
  description: string
  auth_type: ProviderAuthType
  authorize_url?: string
  token_url?: string
  /** Scopes requested when the caller names none. */
  scopes: string[]
  /** How scopes are joined in the authorization URL (most use a space; Slack and Linear a comma). */
  scope_separator?: string
  /** Extra authorization URL parameters the provider needs (e.g. Google's offline access for a refresh token). */
  authorize_params?: Record<string, string>
  /** How the client authenticates at the token endpoint. */
  token_auth_method?: 'client_secret_post' | 'client_secret_basic'
  /** API origin the provider's pre-built tools call; a credential's `base_url` overrides it. */
  base_url?: string
  /** Fields expected in `credential_data` for this provider. */
  credential_fields: string[]
  docs_url?: string
}

const oauthFields = ['access_token', 'refresh_token', 'expires_at', 'token_type', 'scope']

export const builtinProviders: readonly ProviderDefinition[] = [
  {
    id: 'github',
    name: 'GitHub',
    description: 'GitHub OAuth app (or a personal access token as access_token)',
    auth_type: 'oauth',
    authorize_url: 'https://github.com/login/oauth/authorize',
    token_url: 'https://github.com/login/oauth/access_token',
    scopes: ['read:user', 'repo'],
    token_auth_method: 'client_secret_post',
    base_url: 'https://api.github.com',
    credential_fields: oauthFields,
    docs_url: 'https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps',
  },
  {
    id: 'google',
    name: 'Google',
    description: 'Google OAuth 2.0 (Gmail, Drive, Calendar and other Google APIs)',
    auth_type: 'oauth',
    authorize_url: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_url: 'https://oauth2.googleapis.com/token',
    scopes: ['openid', 'email', 'profile'],
    authorize_params: { access_type: 'offline', prompt: 'consent' },
    token_auth_method: 'client_secret_post',
    base_url: 'https://www.googleapis.com',
    credential_fields: oauthFields,
    docs_url: 'https://developers.google.com/identity/protocols/oauth2/web-server',
  },
  {
    id: 'slack',
    name: 'Slack',
    description: 'Slack OAuth v2 (bot token), or a bot token as access_token',
    auth_type: 'oauth',
    authorize_url: 'https://slack.com/oauth/v2/authorize',
    token_url: 'https://slack.com/api/oauth.v2.access',
    scopes: ['chat:write', 'channels:read'],
    scope_separator: ',',
    token_auth_method: 'client_secret_post',
    base_url: 'https://slack.com/api',
    credential_fields: oauthFields,
    docs_url: 'https://api.slack.com/authentication/oauth-v2',
  },
  {
    id: 'notion',
    name: 'Notion',
    description: 'Notion public integration (OAuth); pages are chosen by the user at authorization',
    auth_type: 'oauth',
    authorize_url: 'https://api.notion.com/v1/oauth/authorize',
    token_url: 'https://api.notion.com/v1/oauth/token',
    scopes: [],
    authorize_params: { owner: 'user' },
    token_auth_method: 'client_secret_basic',
    base_url: 'https://api.notion.com',
    credential_fields: oauthFields,
    docs_url: 'https://developers.notion.com/docs/authorization',
  },
  {
    id: 'linear',
    name: 'Linear',
    description: 'Linear OAuth 2.0',
    auth_type: 'oauth',
    authorize_url: 'https://linear.app/oauth/authorize',
    token_url: 'https://api.linear.app/oauth/token',
    scopes: ['read', 'write'],
    scope_separator: ',',
    token_auth_method: 'client_secret_post',
    base_url: 'https://api.linear.app',
    credential_fields: oauthFields,
    docs_url: 'https://developers.linear.app/docs/oauth/authentication',
  },
  {
    id: 'openai',
    name: 'OpenAI',
    description: 'OpenAI API key',
    auth_type: 'api_key',
    scopes: [],
    base_url: 'https://api.openai.com/v1',
    credential_fields: ['api_key'],
    docs_url: 'https://platform.openai.com/docs/api-reference/authentication',
  },
  {
    id: 'gitlab',
    name: 'GitLab',
    description:
      'GitLab OAuth 2.0 (gitlab.com; point base_url at a self-managed instance), or a personal access token as access_token',
    auth_type: 'oauth',
    authorize_url: 'https://gitlab.com/oauth/authorize',
    token_url: 'https://gitlab.com/oauth/token',
    scopes: ['api', 'read_user'],
    token_auth_method: 'client_secret_post',
    base_url: 'https://gitlab.com/api/v4',
    credential_fields: oauthFields,
    docs_url: 'https://docs.gitlab.com/ee/api/oauth2.html',
  },
  {
    id: 'atlassian',
    name: 'Atlassian',
    description: "Atlassian OAuth 2.0 (3LO) for Jira Cloud; set the credential's base_url to your site",
    auth_type: 'oauth',
    authorize_url: 'https://auth.atlassian.com/authorize',
    token_url: 'https://auth.atlassian.com/oauth/token',
    scopes: ['read:jira-work', 'write:jira-work', 'offline_access'],
    authorize_params: { audience: 'api.atlassian.com', prompt: 'consent' },
    token_auth_method: 'client_secret_post',
    credential_fields: oauthFields,
    docs_url: 'https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/',
  },
  {
    id: 'stripe',
    name: 'Stripe',
    description: 'Stripe Connect OAuth, or a secret key (sk_...) as access_token',
    auth_type: 'oauth',
    authorize_url: 'https://connect.stripe.com/oauth/authorize',
    token_url: 'https://connect.stripe.com/oauth/token',
    scopes: ['read_write'],
    token_auth_method: 'client_secret_post',
    base_url: 'https://api.stripe.com',
    credential_fields: oauthFields,
    docs_url: 'https://docs.stripe.com/connect/oauth-reference',
  },
  {
    id: 'hubspot',
    name: 'HubSpot',
    description: 'HubSpot OAuth 2.0, or a private app token as access_token',
    auth_type: 'oauth',
    authorize_url: 'https://app.hubspot.com/oauth/authorize',
    token_url: 'https://api.hubapi.com/oauth/v1/token',
    scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write'],
    token_auth_method: 'client_secret_post',
    base_url: 'https://api.hubapi.com',
    credential_fields: oauthFields,
    docs_url: 'https://developers.hubspot.com/docs/api/oauth-quickstart-guide',
  },
  {
    id: 'discord',
    name: 'Discord',
    description: 'Discord OAuth 2.0 (user bearer token)',
    auth_type: 'oauth',
    authorize_url: 'https://discord.com/oauth2/authorize',
    token_url: 'https://discord.com/api/oauth2/token',
    scopes: ['identify', 'guilds'],
    token_auth_method: 'client_secret_post',
    base_url: 'https://discord.com/api/v10',
    credential_fields: oauthFields,
    docs_url: 'https://discord.com/developers/docs/topics/oauth2',
  },
  {
    id: 'asana',
    name: 'Asana',
    description: 'Asana OAuth 2.0, or a personal access token as access_token',
    auth_type: 'oauth',
    authorize_url: 'https://app.asana.com/-/oauth_authorize',
    token_url: 'https://app.asana.com/-/oauth_token',
    scopes: ['default'],
    token_auth_method: 'client_secret_post',
    base_url: 'https://app.asana.com/api/1.0',
    credential_fields: oauthFields,
    docs_url: 'https://developers.asana.com/docs/oauth',
  },
  {
    id: 'api_key',
    name: 'API key',
    description: 'A static API key',
    auth_type: 'api_key',
    scopes: [],
    credential_fields: ['api_key'],
  },
  {
    id: 'basic_auth',
    name: 'Basic auth',
    description: 'A username and password',
    auth_type: 'basic_auth',
    scopes: [],
    credential_fields: ['username', 'password'],
  },
  {
    id: 'custom',
    name: 'Custom',
    description: 'Any JSON object of secrets, used by your own functions',
    auth_type: 'custom',
    scopes: [],
    credential_fields: [],
  },
  { id: 'none', name: 'None', description: 'No authentication', auth_type: 'none', scopes: [], credential_fields: [] },
]

export function findBuiltinProvider(id: string): ProviderDefinition | undefined {
  return builtinProviders.find((p) => p.id === id)
}
