// TypeBox schemas for the admin API: creation bodies and the list and created-key envelopes.
import { t } from 'elysia'
import { Project, PublicKey } from '../projects/model'

export const CreateProjectBody = t.Object(
  { name: t.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
)

export const CreateKeyBody = t.Object(
  {
    name: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    expires_in: t.Optional(t.String({ maxLength: 20, description: 'e.g. 30d, 12h, 15m, 3600s' })),
  },
  { additionalProperties: false },
)

export const ProjectList = t.Object({ projects: t.Array(Project) })
export const KeyList = t.Object({ keys: t.Array(PublicKey) })
/** The one response that carries the key itself: it is shown once. */
// Flat, not an intersection with PublicKey (see CreatedKeyView in src/modules/keys/model.ts).
export const CreatedKey = t.Object({ ...PublicKey.properties, api_key: t.String() })
