// Unit tests of the SQL guard for database resources: one read-only SELECT passes; anything else is named and refused.
import { describe, expect, test } from 'bun:test'
import { selectProblem } from './select-guard'

describe('selectProblem accepts', () => {
  test.each([
    'SELECT * FROM t',
    'select id, v from t where v > 1 order by id limit 5',
    'sElEcT 1',
    'SELECT 1;',
    'SELECT 1 ;  \n',
    '  WITH x AS (SELECT 1 AS n) SELECT n FROM x',
    '/* a leading comment */ SELECT 1',
    'SELECT 1 -- a trailing comment; DROP TABLE t',
    "SELECT 'a;b' AS s",
    "SELECT 'drop table t; delete from t' AS s",
    "SELECT 'it''s' AS s",
    'SELECT "delete" FROM t',
    'SELECT [update], `insert` FROM t',
    "SELECT * FROM t WHERE updated_at > 0 AND created_by = 'x' AND deleted = 0",
    "SELECT '--' AS dashes, '/*' AS opener",
    "SELECT 1 -- it's fine",
  ])('%p', (sql) => {
    expect(selectProblem(sql)).toBeUndefined()
  })
})

describe('selectProblem refuses', () => {
  test.each([
    ['SELECT 1; DROP TABLE t', 'single statement'],
    ['SELECT 1; SELECT 2', 'single statement'],
    ['SELECT 1;;', 'single statement'],
    ["SELECT 'x'; DELETE FROM t WHERE a = ';'", 'single statement'],
    ['', 'single SELECT'],
    ['-- only a comment', 'single SELECT'],
    ['INSERT INTO t VALUES (1)', 'single SELECT'],
    ['PRAGMA table_info(t)', 'single SELECT'],
    ['SELECTX 1', 'single SELECT'],
    ["/* SELECT */ DELETE FROM t WHERE 'SELECT'", 'single SELECT'],
    ['WITH gone AS (DELETE FROM t RETURNING *) SELECT * FROM gone', 'DELETE is not allowed'],
    ['WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x', 'INSERT is not allowed'],
    ["SELECT load_extension('evil.so')", 'LOAD_EXTENSION is not allowed'],
    ["SELECT 'unterminated", 'unterminated'],
    ['SELECT "unterminated', 'unterminated'],
    ['SELECT 1 /* open comment', 'unterminated'],
    ["SELECT 'a'' ; DROP TABLE t", 'unterminated'],
  ])('%p (%s)', (sql, message) => {
    expect(selectProblem(sql)).toContain(message)
  })
})
