// Unit tests of the pure parts of policies: globs, the canonical JSON behind an approval's digest, and the decision
// order (priority, then the stricter effect) with what a listing hides.
import { describe, expect, test } from 'bun:test'
import { argsDigest, canonicalJson } from './approvals'
import { decide, globRegExp, projectPolicies, visible } from './policy-index'
import type { PolicyRow } from './repository'

const row = (o: Partial<PolicyRow> & Pick<PolicyRow, 'id' | 'effect' | 'priority'>): PolicyRow => ({
  project_id: 'p',
  name: o.id,
  match_json: '{}',
  when_expr: null,
  reason: null,
  approval_wait_s: 120,
  version: 1,
  created_at: '',
  updated_at: '',
  ...o,
})
const server = { id: 's1', project_id: 'p', slug: 'shop' }
const caller = { principal: 'key:k1', role: 'mcp' as const }

describe('globs', () => {
  test('* and ? match runs and single characters; other characters are literal', () => {
    expect(globRegExp('delete_*').test('delete_file')).toBe(true)
    expect(globRegExp('delete_*').test('undelete_file')).toBe(false)
    expect(globRegExp('a?c').test('abc')).toBe(true)
    expect(globRegExp('a.c').test('abc')).toBe(false)
    expect(globRegExp('(x)+').test('(x)+')).toBe(true)
  })
})

describe('canonical JSON', () => {
  test('object keys are sorted at every level, so the digest does not depend on their order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}',
    )
    expect(argsDigest({ to: 'bob', amount: 5 })).toBe(argsDigest({ amount: 5, to: 'bob' }))
    expect(argsDigest({ amount: 5 })).not.toBe(argsDigest({ amount: 6 }))
  })
})

describe('decisions', () => {
  test('the highest priority match decides; at equal priority deny, then approve, then allow; none allows', () => {
    const list = projectPolicies([
      row({ id: 'allow', effect: 'allow', priority: 5 }),
      row({ id: 'deny', effect: 'deny', priority: 5 }),
      row({ id: 'approve', effect: 'approve', priority: 9, match_json: '{"tools":["pay"]}' }),
    ]).forServer(server)
    expect(decide(list, caller, { name: 'pay' }, server, {})).toMatchObject({ effect: 'approve' })
    expect(decide(list, caller, { name: 'read' }, server, {})).toMatchObject({ effect: 'deny', policy: { id: 'deny' } })
    expect(decide(projectPolicies([]).forServer(server), caller, { name: 'x' }, server, {}).effect).toBe('allow')
  })

  test('a policy on other servers is not in this server list; principals narrow who it applies to', () => {
    const p = projectPolicies([
      row({ id: 'elsewhere', effect: 'deny', priority: 1, match_json: '{"servers":["other-*"]}' }),
      row({ id: 'admins', effect: 'deny', priority: 1, match_json: '{"principals":{"roles":["admin"]}}' }),
    ])
    expect(p.forServer(server).map((x) => x.id)).toEqual(['admins'])
    expect(decide(p.forServer(server), caller, { name: 't' }, server, {}).effect).toBe('allow')
  })

  test('a listing hides a tool only when a deny always decides it', () => {
    const conditional = projectPolicies([
      row({ id: 'big', effect: 'deny', priority: 2, when_expr: 'args.amount > 100' }),
    ]).forServer(server)
    expect(visible(conditional, caller, { name: 'pay' })).toBe(true)
    const shadowed = projectPolicies([
      row({ id: 'some', effect: 'allow', priority: 3, when_expr: 'args.amount < 10' }),
      row({ id: 'all', effect: 'deny', priority: 2 }),
    ]).forServer(server)
    expect(visible(shadowed, caller, { name: 'pay' })).toBe(true)
    expect(
      visible(projectPolicies([row({ id: 'all', effect: 'deny', priority: 2 })]).forServer(server), caller, {
        name: 'pay',
      }),
    ).toBe(false)
  })
})
