// Unit tests of level-1 uri templates: which templates are accepted, and matching concrete uris against them.
import { describe, expect, test } from 'bun:test'
import { compileTemplate, isTemplate, matchTemplate, templateProblem, templateVariables } from './uri-template'

const match = (template: string, uri: string) => matchTemplate(compileTemplate(template), uri)

describe('templateProblem', () => {
  test.each(['users://{id}/card', 'repo://{owner}/{repo}/issues/{n}', 'q://search?term={term}', 'plain://no-vars'])(
    'accepts %p',
    (uri) => {
      expect(templateProblem(uri)).toBeUndefined()
    },
  )

  test.each([
    ['files://{+path}', 'only {name} placeholders'],
    ['x://{a-b}', 'only {name} placeholders'],
    ['x://{a,b}', 'only {name} placeholders'],
    ['x://{}', 'only {name} placeholders'],
    ['x://{id', 'only {name} placeholders'],
    ['x://id}', 'only {name} placeholders'],
    ['x://{{id}}', 'only {name} placeholders'],
    ['x://{id}/{id}', 'each variable once'],
    ['x://{a}{b}', 'separated by literal text'],
  ])('refuses %p', (uri, message) => {
    expect(templateProblem(uri)).toContain(message)
  })
})

describe('isTemplate and templateVariables', () => {
  test('any brace makes a uri a template (so a stray brace is validated, not served literally)', () => {
    expect(isTemplate('users://{id}')).toBe(true)
    expect(isTemplate('odd://}')).toBe(true)
    expect(isTemplate('docs://readme')).toBe(false)
  })

  test('variables come in the order they appear', () => {
    expect(templateVariables('r://{owner}/{repo}/{n}')).toEqual(['owner', 'repo', 'n'])
    expect(templateVariables('r://none')).toEqual([])
  })
})

describe('compileTemplate and matchTemplate', () => {
  test('literalLength counts the characters outside placeholders', () => {
    expect(compileTemplate('users://{id}/card')).toMatchObject({ variables: ['id'], literalLength: 13 })
    expect(compileTemplate('users://{id}').literalLength).toBeLessThan(
      compileTemplate('users://{id}/card').literalLength,
    )
  })

  test('extracts each variable', () => {
    expect(match('users://{id}/card', 'users://42/card')).toEqual({ id: '42' })
    expect(match('r://{owner}/{repo}', 'r://acme/tools')).toEqual({ owner: 'acme', repo: 'tools' })
    expect(match('v://{a}-{b}', 'v://x-y')).toEqual({ a: 'x', b: 'y' })
  })

  test('is anchored at both ends', () => {
    expect(match('users://{id}/card', 'xusers://42/card')).toBeUndefined()
    expect(match('users://{id}/card', 'users://42/cards')).toBeUndefined()
    expect(match('users://{id}', 'users://42/card')).toBeUndefined()
  })

  test('a value is never empty and never spans a slash', () => {
    expect(match('users://{id}/card', 'users:///card')).toBeUndefined()
    expect(match('users://{id}/card', 'users://4/2/card')).toBeUndefined()
  })

  test('literal text is matched literally, regex characters included', () => {
    expect(match('a.b://{x}', 'a.b://1')).toEqual({ x: '1' })
    expect(match('a.b://{x}', 'aXb://1')).toBeUndefined()
    expect(match('q://find?term={t}&page=(1)', 'q://find?term=cats&page=(1)')).toEqual({ t: 'cats' })
    expect(match('q://find?term={t}', 'q://findXterm=cats')).toBeUndefined()
    expect(match('p://[x]+{v}', 'p://[x]+ok')).toEqual({ v: 'ok' })
  })

  test('values are percent-decoded; a malformed escape is kept as sent', () => {
    expect(match('users://{id}/card', 'users://a%20b%2Fc/card')).toEqual({ id: 'a b/c' })
    expect(match('users://{id}/card', 'users://100%25/card')).toEqual({ id: '100%' })
    expect(match('users://{id}/card', 'users://bad%E0%A4%A/card')).toEqual({ id: 'bad%E0%A4%A' })
  })

  test('a template without placeholders matches only itself', () => {
    expect(match('docs://readme', 'docs://readme')).toEqual({})
    expect(match('docs://readme', 'docs://readme2')).toBeUndefined()
  })
})
