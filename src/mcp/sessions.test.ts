// The session store in one process (SQLite mode, localSessionDirectory): ids are sealed as in every mode, and an id
// this process does not hold is never taken up again, however well sealed (src/mcp/sessions.ts).
import { afterAll, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadKeyring } from '../crypto/master-key'
import { localSessionDirectory } from './session-directory'
import { sessionIds } from './session-id'
import { createSessionStore, SESSION_TTL_MS } from './sessions'

const dataDir = mkdtempSync(join(tmpdir(), 'toolyard-sessions-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const ids = sessionIds(loadKeyring({ dataDir, masterKey: randomBytes(32).toString('base64') }))
const init = {
  serverId: 's',
  projectId: 'p',
  principal: 'key:k',
  protocolVersion: '2025-11-25' as const,
  clientCapabilities: {},
}

test('one process: evicted, ended or expired sessions are never revived from their sealed id', async () => {
  let clock = 1_000_000
  const sessions = createSessionStore(
    { maxSessions: 2, maxSubscriptions: 5 },
    { ids, directory: localSessionDirectory(), now: () => clock },
  )
  const first = await sessions.create(init)
  expect(ids.open(first.id)).toMatchObject({ ...init, ref: first.ref })
  const second = await sessions.create(init)
  const third = await sessions.create(init)
  // Past TOOLYARD_MAX_SESSIONS the least recently used went; its id still opens, but nothing holds it.
  expect(sessions.get(first.id)).toBeUndefined()
  expect(await sessions.revive(first.id)).toBeUndefined()
  await sessions.end(second)
  expect(sessions.get(second.id)).toBeUndefined()
  expect(await sessions.revive(second.id)).toBeUndefined()
  await third.record({ subscribe: 'file:///x' })
  await third.record({ logLevel: 'debug' })
  expect(sessions.get(third.id)).toMatchObject({ logLevel: 'debug', subscriptions: new Set(['file:///x']) })
  clock += SESSION_TTL_MS + 1
  expect(sessions.get(third.id)).toBeUndefined()
  expect(await sessions.revive(third.id)).toBeUndefined()
  expect(sessions.size()).toBe(0)
})
