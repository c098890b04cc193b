// The ordered PostgreSQL migrations, embedded as text so the compiled binary carries them. Position N is the
// PostgreSQL form of SQLite's migration N (src/db/migrations/index.ts): both schemas have the same version numbers.
import m001 from './001-foundation.sql' with { type: 'text' }
import m002 from './002-tools.sql' with { type: 'text' }
import m003 from './003-resources-prompts.sql' with { type: 'text' }
import m004 from './004-credentials-oauth.sql' with { type: 'text' }
import m005 from './005-subscriptions-webhooks.sql' with { type: 'text' }
import m006 from './006-function-typescript.sql' with { type: 'text' }
import m007 from './007-mcp-2026.sql' with { type: 'text' }
import m008 from './008-call-log.sql' with { type: 'text' }
import m009 from './009-keys-oauth-server.sql' with { type: 'text' }
import m010 from './010-oauth-grant-bounds.sql' with { type: 'text' }
import m011 from './011-open-kinds.sql' with { type: 'text' }
import m012 from './012-remote-toolkits.sql' with { type: 'text' }
import m013 from './013-openapi-toolkits.sql' with { type: 'text' }
import m014 from './014-tool-search.sql' with { type: 'text' }
import m015 from './015-function-isolation.sql' with { type: 'text' }
import m016 from './016-mcp-sessions.sql' with { type: 'text' }
import m017 from './017-mcp-tasks.sql' with { type: 'text' }
import m018 from './018-catalog-first-seen.sql' with { type: 'text' }
import m019 from './019-attachment-prefix.sql' with { type: 'text' }
import m020 from './020-change-notify-per-project.sql' with { type: 'text' }
import m021 from './021-users.sql' with { type: 'text' }
import m022 from './022-identity.sql' with { type: 'text' }
import m023 from './023-policies-approvals.sql' with { type: 'text' }
import m024 from './024-pinned-definitions.sql' with { type: 'text' }
import m025 from './025-drop-full-text-index.sql' with { type: 'text' }
import m026 from './026-audit.sql' with { type: 'text' }
import m027 from './027-local-toolkits.sql' with { type: 'text' }
import m028 from './028-tool-meta.sql' with { type: 'text' }
import m029 from './029-approval-per-binding.sql' with { type: 'text' }
import m030 from './030-call-log-indexes.sql' with { type: 'text' }
import m031 from './031-call-log-writes.sql' with { type: 'text' }

export const postgresMigrations: string[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
  m018,
  m019,
  m020,
  m021,
  m022,
  m023,
  m024,
  m025,
  m026,
  m027,
  m028,
  m029,
  m030,
  m031,
]
