// REST: file, database and api resources read from real sources (files on disk, SQLite files, a local upstream).

import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type ResourceFixture, resourceFixture } from '../helpers/resources'

let f: ResourceFixture
let upstream: ReturnType<typeof Bun.serve>
const seen: { path: string; auth: string | null; method: string }[] = []

beforeAll(async () => {
  f = await resourceFixture()
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const url = new URL(req.url)
      seen.push({ path: url.pathname + url.search, auth: req.headers.get('authorization'), method: req.method })
      if (url.pathname === '/fail') return new Response('upstream exploded', { status: 503 })
      return Response.json({ path: url.pathname, q: url.searchParams.get('q') })
    },
  })
})
afterAll(async () => {
  upstream.stop(true)
  await f.app.stop()
})

describe('file resources', () => {
  test('text file by mime type, binary file as base64 blob', async () => {
    mkdirSync(join(f.filesDir, 'docs'), { recursive: true })
    writeFileSync(join(f.filesDir, 'docs', 'guide.md'), '# Guide <ok>')
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3])
    writeFileSync(join(f.filesDir, 'logo.png'), png)
    expect(
      (
        await f.create({
          name: 'Guide',
          uri: 'file://guide',
          resource_type: 'file',
          path: 'docs/guide.md',
          mime_type: 'text/markdown',
        })
      ).status,
    ).toBe(201)
    await f.create({
      name: 'Logo',
      uri: 'file://logo',
      resource_type: 'file',
      path: 'logo.png',
      mime_type: 'image/png',
    })
    expect((await f.read('file://guide')).body.contents).toEqual([
      { uri: 'file://guide', mimeType: 'text/markdown', text: '# Guide <ok>' },
    ])
    expect((await f.read('file://logo')).body.contents).toEqual([
      { uri: 'file://logo', mimeType: 'image/png', blob: png.toString('base64') },
    ])
  })

  test('paths with ../ or absolute paths are refused at registration', async () => {
    for (const path of ['../secret.txt', 'docs/../../x', '/etc/passwd']) {
      const r = await f.create({
        name: 'Escape',
        uri: `file://escape-${encodeURIComponent(path)}`,
        resource_type: 'file',
        path,
      })
      expect(r.status).toBe(400)
      expect(r.body.details[0].field).toBe('body.path')
    }
  })

  test('a symlink pointing outside the project folder is refused on read', async () => {
    const outside = join(f.app.dataDir, 'outside.txt')
    writeFileSync(outside, 'top secret')
    symlinkSync(outside, join(f.filesDir, 'link.txt'))
    await f.create({ name: 'Link', uri: 'file://link', resource_type: 'file', path: 'link.txt' })
    const r = await f.read('file://link')
    expect(r.status).toBe(400)
    expect(JSON.stringify(r.body)).not.toContain('top secret')
    expect(r.body.error).toContain('outside')
  })

  test('a missing file is a clear 404', async () => {
    await f.create({ name: 'Gone', uri: 'file://gone', resource_type: 'file', path: 'nope.txt' })
    const r = await f.read('file://gone')
    expect(r.status).toBe(404)
    expect(r.body.error).toContain('nope.txt')
  })

  test("another project's files are out of reach", async () => {
    const other = await f.app.newProject('files-other')
    const otherDir = join(f.app.dataDir, 'files', other.projectId)
    mkdirSync(otherDir, { recursive: true })
    writeFileSync(join(otherDir, 'theirs.txt'), 'not yours')
    const r = await f.create({
      name: 'Theirs',
      uri: 'file://theirs',
      resource_type: 'file',
      path: `../${other.projectId}/theirs.txt`,
    })
    expect(r.status).toBe(400)
  })
})

describe('database resources', () => {
  const dbFile = () => join(f.filesDir, 'shop.db')
  beforeAll(() => {
    const db = new Database(dbFile(), { create: true })
    db.exec(
      "CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO products VALUES (1, 'apple'), (2, 'pear <&>')",
    )
    db.close()
  })

  test('a SELECT returns the rows as JSON', async () => {
    const r = await f.create({
      name: 'Products',
      uri: 'db://products',
      resource_type: 'database',
      database: 'shop.db',
      query: 'SELECT id, name FROM products ORDER BY id',
    })
    expect(r.status).toBe(201)
    expect(r.body.mime_type).toBe('application/json')
    const read = await f.read('db://products')
    expect(read.body.contents[0].mimeType).toBe('application/json')
    expect(JSON.parse(read.body.contents[0].text)).toEqual([
      { id: 1, name: 'apple' },
      { id: 2, name: 'pear <&>' },
    ])
  })

  test('template variables are bound as named parameters', async () => {
    await f.create({
      name: 'Product',
      uri: 'db://products/{id}',
      resource_type: 'database',
      database: 'shop.db',
      query: 'SELECT name FROM products WHERE id = $id',
    })
    const read = await f.read('db://products/2')
    expect(read.body.contents[0].uri).toBe('db://products/2')
    expect(JSON.parse(read.body.contents[0].text)).toEqual([{ name: 'pear <&>' }])
    // A value trying SQL injection is only ever a bound value.
    const injected = await f.read(`db://products/${encodeURIComponent('1 OR 1=1')}`)
    expect(JSON.parse(injected.body.contents[0].text)).toEqual([])
  })

  test('queries that write (or are not one SELECT) are refused and the file stays unchanged', async () => {
    const before = readFileSync(dbFile())
    const attempts = [
      'DELETE FROM products',
      'SELECT 1; DELETE FROM products',
      'WITH x AS (SELECT 1) DELETE FROM products',
      "ATTACH 'other.db' AS o",
      'PRAGMA writable_schema = 1',
      'DROP TABLE products',
      "UPDATE products SET name = 'x'",
    ]
    for (const query of attempts) {
      const r = await f.create({
        name: 'Evil',
        uri: `db://evil-${attempts.indexOf(query)}`,
        resource_type: 'database',
        database: 'shop.db',
        query,
      })
      expect(r.status).toBe(400)
      expect(r.body.details.map((d: { field: string }) => d.field)).toContain('body.query')
    }
    const ok = await f.create({
      name: 'Later',
      uri: 'db://later',
      resource_type: 'database',
      database: 'shop.db',
      query: 'SELECT count(*) AS n FROM products',
    })
    const patched = await f.app.api(`/resources/${ok.body.id}`, {
      method: 'PATCH',
      body: { query: 'DELETE FROM products' },
    })
    expect(patched.status).toBe(400)
    expect(readFileSync(dbFile()).equals(before)).toBe(true)
    expect(JSON.parse((await f.read('db://later')).body.contents[0].text)).toEqual([{ n: 2 }])
  })

  test('integers beyond 2^53 keep every digit (as decimal strings); smaller ones and reals stay numbers', async () => {
    const db = new Database(join(f.filesDir, 'big.db'), { create: true })
    db.exec('CREATE TABLE big (pos INTEGER, n INTEGER, r REAL)')
    db.exec(
      'INSERT INTO big VALUES (1, 9007199254740993, 0.5), (2, -9007199254740993, NULL), (3, 9007199254740991, 1e300), (4, 9223372036854775807, 2.0)',
    )
    db.close()
    await f.create({
      name: 'Big',
      uri: 'db://big',
      resource_type: 'database',
      database: 'big.db',
      query: 'SELECT n, r FROM big ORDER BY pos',
    })
    const text = (await f.read('db://big')).body.contents[0].text as string
    expect(JSON.parse(text)).toEqual([
      { n: '9007199254740993', r: 0.5 },
      { n: '-9007199254740993', r: null },
      { n: 9007199254740991, r: 1e300 },
      { n: '9223372036854775807', r: 2 },
    ])
  })

  test('a database path outside the project folder is refused', async () => {
    const r = await f.create({
      name: 'Out',
      uri: 'db://out',
      resource_type: 'database',
      database: '../../toolyard.sqlite',
      query: 'SELECT * FROM api_keys',
    })
    expect(r.status).toBe(400)
  })
})

describe('api resources', () => {
  test('the upstream body is the content; url variables from a template are encoded', async () => {
    const base = `http://127.0.0.1:${upstream.port}`
    await f.create({
      name: 'Weather',
      uri: 'weather://{city}',
      resource_type: 'api',
      url: `${base}/weather?q={{params.city}}`,
      mime_type: 'application/json',
    })
    const r = await f.read(`weather://${encodeURIComponent('New York&x=1')}`)
    expect(r.status).toBe(200)
    expect(JSON.parse(r.body.contents[0].text)).toEqual({ path: '/weather', q: 'New York&x=1' })
  })

  test('a non-2xx upstream is 502 upstream_error naming the status', async () => {
    await f.create({
      name: 'Failing',
      uri: 'api://failing',
      resource_type: 'api',
      url: `http://127.0.0.1:${upstream.port}/fail`,
    })
    const r = await f.read('api://failing')
    expect(r.status).toBe(502)
    expect(r.body.code).toBe('upstream_error')
    expect(r.body.error).toContain('503')
  })

  test('an upstream that is down is a clear 502, not a 500 with a stack', async () => {
    const dead = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') })
    const port = dead.port
    dead.stop(true)
    await f.create({ name: 'Down', uri: 'api://down', resource_type: 'api', url: `http://127.0.0.1:${port}/x` })
    const r = await f.read('api://down')
    expect(r.status).toBe(502)
    expect(r.body.code).toBe('upstream_error')
    expect(r.body.error).toContain('unavailable')
    expect(JSON.stringify(r.body)).not.toMatch(/\n\s+at /)
  })

  test('with requires_credentials, headers are templated with the credential (no HTML escaping)', async () => {
    const cred = await (
      await f.app.api('/credentials', {
        body: { name: 'svc', provider_id: 'api_key', credential_data: { api_key: 'k&<"1"' } },
      })
    ).json()
    expect(cred.id).toBeDefined()
    const created = await f.create({
      name: 'Secret api',
      uri: 'api://secret',
      resource_type: 'api',
      url: `http://127.0.0.1:${upstream.port}/secret`,
      requires_credentials: true,
      credential_id: cred.id,
      headers: { Authorization: 'Bearer {{credentials.api_key}}' },
    })
    expect(created.status).toBe(201)
    const r = await f.read('api://secret')
    expect(r.status).toBe(200)
    expect(seen.at(-1)).toEqual({ path: '/secret', auth: 'Bearer k&<"1"', method: 'GET' })
    expect(JSON.stringify(r.body)).not.toContain('k&<')
  })

  test('an unknown credential_id is 404 at registration', async () => {
    const r = await f.create({
      name: 'x',
      uri: 'api://nocred',
      resource_type: 'api',
      url: 'https://example.com',
      requires_credentials: true,
      credential_id: '00000000-0000-7000-8000-000000000000',
    })
    expect(r.status).toBe(404)
  })

  test('requires_credentials without a usable credential is a clear 400', async () => {
    await f.create({
      name: 'Private',
      uri: 'api://private',
      resource_type: 'api',
      url: `http://127.0.0.1:${upstream.port}/private`,
      requires_credentials: true,
      headers: { Authorization: 'Bearer {{credentials.api_key}}' },
    })
    const r = await f.read('api://private')
    expect(r.status).toBe(400)
    expect(r.body.error).toContain('requires credentials')
  })
})
