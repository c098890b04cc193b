// Reading a project file: YAML and JSON, `file:` paths beside the file, and problems named by file, record and field.
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FileError, readProjectFile } from './format'

const dir = mkdtempSync(join(tmpdir(), 'toolyard-format-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}
const problems = (path: string) => {
  try {
    readProjectFile(path)
  } catch (error) {
    expect(error).toBeInstanceOf(FileError)
    return (error as Error).message
  }
  throw new Error('expected a FileError')
}

describe('readProjectFile', () => {
  test('YAML with a function from a file beside it; JSON too', () => {
    file('f.ts', 'export default async () => 1\n')
    const doc = readProjectFile(
      file('a.yaml', 'project: p\nfunctions:\n  - { name: f, runtime: typescript, file: f.ts }\n'),
    )
    expect(doc.project).toBe('p')
    expect(doc.functions[0]?.code).toBe('export default async () => 1\n')
    expect(doc.servers).toEqual([])
    const json = readProjectFile(file('b.json', JSON.stringify({ servers: [{ name: 's', toolkits: ['utilities'] }] })))
    expect(json.servers).toEqual([{ name: 's', toolkits: ['utilities'] }])
  })

  test('every problem is named by file, record and field, all at once', () => {
    const path = file(
      'bad.yaml',
      [
        'projekt: p',
        'functions:',
        '  - { name: a, runtime: javascript }',
        '  - { name: b, runtime: cobol, code: x }',
        '  - { name: c, runtime: typescript, file: missing.ts }',
        'servers:',
        '  - { name: s, colour: red }',
        '  - { name: s }',
      ].join('\n'),
    )
    const message = problems(path)
    expect(message).toContain(`${path}: unknown top-level field "projekt"`)
    expect(message).toContain(`${path}: function a: code: required (or file)`)
    expect(message).toContain(`${path}: function b: runtime`)
    expect(message).toContain(`${path}: function c: file: cannot read`)
    expect(message).toContain(`${path}: server s: colour`)
  })

  test('unreadable, unparsable and multi-document files', () => {
    expect(problems(join(dir, 'nope.yaml'))).toContain('cannot read the file')
    expect(problems(file('broken.yaml', 'functions: [\n'))).toContain('not valid YAML')
    expect(problems(file('broken.json', '{'))).toContain('not valid JSON')
    expect(problems(file('two.yaml', 'a: 1\n---\nb: 2\n'))).toContain('one document expected')
  })
})
