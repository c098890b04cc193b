// Reading a project file: YAML and JSON, `file:` paths beside the file, and problems named by file, record and field.
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
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

  test('file: paths stay inside the project file’s folder (.., absolute, a link out); nothing outside is read', () => {
    const outside = mkdtempSync(join(tmpdir(), 'toolyard-outside-'))
    const secret = join(outside, 'secret.ts')
    writeFileSync(secret, 'export default () => "SECRET-CONTENT"\n')
    const project = join(dir, 'nested')
    mkdirSync(project, { recursive: true })
    symlinkSync(secret, join(project, 'link.ts'))
    writeFileSync(join(dir, '..inside.ts'), 'export default () => 1\n')
    try {
      const path = join(project, 'p.yaml')
      writeFileSync(
        path,
        [
          'functions:',
          `  - { name: up, runtime: typescript, file: ../../${outside.split('/').pop()}/secret.ts }`,
          `  - { name: abs, runtime: typescript, file: ${secret} }`,
          '  - { name: link, runtime: typescript, file: link.ts }',
        ].join('\n'),
      )
      const message = problems(path)
      for (const name of ['up', 'abs', 'link']) expect(message).toContain(`${path}: function ${name}: file: `)
      expect(message.match(/outside the project file's folder/g)?.length).toBe(3)
      expect(message).not.toContain('SECRET-CONTENT')
      // A name that only starts with two dots is inside.
      const ok = readProjectFile(
        file('dots.yaml', 'functions:\n  - { name: d, runtime: typescript, file: ..inside.ts }\n'),
      )
      expect(ok.functions[0]?.code).toBe('export default () => 1\n')
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
  })
})
