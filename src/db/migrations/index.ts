// The ordered list of migrations, embedded as text so the compiled binary carries them.
import m001 from './001-foundation.sql' with { type: 'text' }
import m002 from './002-tools.sql' with { type: 'text' }
import m003 from './003-resources-prompts.sql' with { type: 'text' }
import m004 from './004-credentials-oauth.sql' with { type: 'text' }
import m005 from './005-subscriptions-webhooks.sql' with { type: 'text' }
import m006 from './006-keys-oauth-server.sql' with { type: 'text' }

export const migrations: string[] = [m001, m002, m003, m004, m005, m006]
