// The named → positional translation of the PostgreSQL query adapter (no server needed; the adapter against a real
// server is tested in test/postgres/sql.test.ts).
import { describe, expect, test } from 'bun:test'
import { toPositional } from './sql'

describe('toPositional', () => {
  test('numbers each distinct name once, in order of first use', () => {
    expect(toPositional('SELECT * FROM t WHERE a = $a AND b IN ($b, $a) AND c = $c_2')).toEqual({
      text: 'SELECT * FROM t WHERE a = $1 AND b IN ($2, $1) AND c = $3',
      names: ['a', 'b', 'c_2'],
    })
  })

  test('leaves strings, quoted identifiers, comments, dollar quotes and identifiers with $ alone', () => {
    const query = `SELECT '$no', "$no", col$x, $$ $no $$, $fn$ $no $fn$ -- $no
      /* $no */ FROM t WHERE x = $yes`
    const t = toPositional(query)
    expect(t.names).toEqual(['yes'])
    expect(t.text).toBe(query.replace('$yes', '$1'))
  })

  test('an escaped quote does not end the string', () => {
    expect(toPositional("SELECT 'it''s $no' WHERE a = $a").text).toBe("SELECT 'it''s $no' WHERE a = $1")
  })

  test('the same text gives the same translation object (cached)', () => {
    const q = 'SELECT $cached'
    expect(toPositional(q)).toBe(toPositional(q))
  })
})
