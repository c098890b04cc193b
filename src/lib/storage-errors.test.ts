// Which driver errors are storage faults (docs/reliability.md, "Faults"): the codes bun:sqlite and Bun.SQL put on their
// errors, as SQLite's and PostgreSQL's documentation list them.
import { describe, expect, test } from 'bun:test'
import { StorageFault } from './errors'
import { createStorageState, storageFaultOf } from './storage-errors'

const sqlite = (code: string) => Object.assign(new Error(code), { code })
const postgres = (errno: string) => Object.assign(new Error(errno), { code: 'ERR_POSTGRES_SERVER_ERROR', errno })

describe('storageFaultOf', () => {
  test.each([
    ['SQLite disk full', sqlite('SQLITE_FULL')],
    ['SQLite write refused', sqlite('SQLITE_IOERR_WRITE')],
    ['SQLite fsync refused', sqlite('SQLITE_IOERR_FSYNC')],
    ['PostgreSQL disk_full (53100)', postgres('53100')],
  ])('%s → 507 insufficient_storage', (_, error) => {
    const fault = storageFaultOf(error)
    expect(fault).toBeInstanceOf(StorageFault)
    expect(fault).toMatchObject({ code: 'insufficient_storage', status: 507 })
  })

  test.each([
    ['SQLite lock held past busy_timeout', sqlite('SQLITE_BUSY')],
    ['SQLite read failure', sqlite('SQLITE_IOERR_READ')],
    ['PostgreSQL admin_shutdown (57P01)', postgres('57P01')],
    ['PostgreSQL cannot_connect_now (57P03)', postgres('57P03')],
    ['PostgreSQL statement_timeout (57014)', postgres('57014')],
    ['PostgreSQL connection_failure (08006)', postgres('08006')],
    ['PostgreSQL too_many_connections (53300)', postgres('53300')],
    ['Bun: connection refused', Object.assign(new Error('x'), { code: 'ERR_POSTGRES_CONNECTION_REFUSED' })],
    ['Bun: connection closed', Object.assign(new Error('x'), { code: 'ERR_POSTGRES_CONNECTION_CLOSED' })],
  ])('%s → 503 database_unavailable', (_, error) => {
    expect(storageFaultOf(error)).toMatchObject({ code: 'database_unavailable', status: 503 })
  })

  test.each([
    ['SQLite unique violation', sqlite('SQLITE_CONSTRAINT_UNIQUE')],
    ['PostgreSQL unique violation (23505)', postgres('23505')],
    ['PostgreSQL syntax error (42601)', postgres('42601')],
    ['a plain error', new Error('boom')],
  ])('%s is not a storage fault', (_, error) => {
    expect(storageFaultOf(error)).toBeNull()
  })

  test('a fault wrapped as the cause of another error is still found', () => {
    expect(storageFaultOf(new Error('wrapped', { cause: sqlite('SQLITE_FULL') }))?.code).toBe('insufficient_storage')
  })

  test('the message never carries the driver text', () => {
    const fault = storageFaultOf(
      Object.assign(new Error('could not write /var/lib/secret/path'), { code: 'SQLITE_FULL' }),
    )
    expect(fault?.message).not.toContain('/var/lib')
  })
})

test('storage state: full after a refused write, ok again after a commit; other failures change nothing', () => {
  const state = createStorageState()
  state.failed(sqlite('SQLITE_CONSTRAINT_UNIQUE'))
  expect(state.full).toBe(false)
  state.failed(postgres('53100'))
  expect(state.full).toBe(true)
  state.failed(sqlite('SQLITE_BUSY'))
  expect(state.full).toBe(true)
  state.committed()
  expect(state.full).toBe(false)
})
