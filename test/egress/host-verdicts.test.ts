// The egress guard keeps an allowed host's verdict for a short time (docs/decisions/0398-egress-host-verdicts.md): within
// it a request goes to the address that was checked with no lookup at all, so a rebinding resolver never has a second
// answer used; refusals and failed lookups are never kept; concurrent first requests share one lookup.
import { afterAll, describe, expect, test } from 'bun:test'
import { createEgress, EgressError } from '../../src/egress/client'

const seen: string[] = []
const target = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    seen.push(new URL(req.url).pathname)
    return new Response(`hello from ${new URL(req.url).pathname}`)
  },
})
afterAll(() => target.stop(true))

const failure = async (promise: Promise<unknown>): Promise<EgressError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(EgressError)
  return error as EgressError
}

describe('an allowed verdict is kept per host', () => {
  test('a second request within the keep window goes to the checked address with no second lookup', async () => {
    const asked: string[] = []
    // A rebinding resolver: the first answer is the test server, any later one an address nothing listens on.
    const egress = createEgress({
      allowPrivate: true,
      lookup: async (host) => {
        asked.push(host)
        return [{ address: asked.length === 1 ? '127.0.0.1' : '10.66.66.66' }]
      },
    })
    const first = await egress.fetch(`http://kept.test:${target.port}/one`, { timeoutMs: 3000 })
    const second = await egress.fetch(`http://kept.test:${target.port}/two`, { timeoutMs: 3000 })
    expect([first.text, second.text]).toEqual(['hello from /one', 'hello from /two'])
    expect(asked).toEqual(['kept.test'])
  })

  test('with the guard on, a name checked as public is not looked up again within the window', async () => {
    let lookups = 0
    const before = seen.length
    const egress = createEgress({
      allowPrivate: false,
      // First answer: a public (documentation) address; any later answer: the loopback server above.
      lookup: async () => [{ address: lookups++ === 0 ? '192.0.2.10' : '127.0.0.1' }],
    })
    for (let i = 0; i < 2; i++)
      await failure(egress.fetch(`http://rebind.test:${target.port}/secret`, { timeoutMs: 300 }))
    expect(lookups).toBe(1)
    expect(seen.length).toBe(before)
  })

  test('concurrent first requests to a host share one lookup, and each gets its own answer', async () => {
    let lookups = 0
    const egress = createEgress({
      allowPrivate: true,
      lookup: async () => {
        lookups++
        await Bun.sleep(20)
        return [{ address: '127.0.0.1' }]
      },
    })
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => egress.fetch(`http://shared.test:${target.port}/c${n}`, { timeoutMs: 3000 })),
    )
    expect(answers.map((a) => a.text)).toEqual([1, 2, 3, 4, 5].map((n) => `hello from /c${n}`))
    expect(lookups).toBe(1)
  })

  test('hostVerdictMs 0 resolves every request again', async () => {
    let lookups = 0
    const egress = createEgress({
      allowPrivate: true,
      hostVerdictMs: 0,
      lookup: async () => {
        lookups++
        return [{ address: '127.0.0.1' }]
      },
    })
    for (let i = 0; i < 3; i++) await egress.fetch(`http://every.test:${target.port}/`, { timeoutMs: 3000 })
    expect(lookups).toBe(3)
  })
})

describe('what is never kept', () => {
  test('a refusal: the name is resolved again on the next request', async () => {
    let lookups = 0
    const egress = createEgress({
      allowPrivate: false,
      // First answer private (refused), then a public address nothing answers on.
      lookup: async () => [{ address: lookups++ === 0 ? '10.0.0.1' : '192.0.2.10' }],
    })
    expect((await failure(egress.fetch('http://turns.test/'))).reason).toBe('refused')
    const second = await failure(egress.fetch('http://turns.test/', { timeoutMs: 300 }))
    expect(second.reason).not.toBe('refused')
    expect(lookups).toBe(2)
  })

  test('a failed lookup: the next request resolves again and gets through', async () => {
    let lookups = 0
    const egress = createEgress({
      allowPrivate: true,
      lookup: async () => {
        if (lookups++ === 0) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
        return [{ address: '127.0.0.1' }]
      },
    })
    const error = await failure(egress.fetch(`http://flaky.test:${target.port}/`))
    expect(error.message).toBe('egress failed: could not resolve host flaky.test (ENOTFOUND)')
    expect((await egress.fetch(`http://flaky.test:${target.port}/again`, { timeoutMs: 3000 })).text).toBe(
      'hello from /again',
    )
    expect(lookups).toBe(2)
  })

  test('requests sharing a failed lookup each get their own error', async () => {
    const egress = createEgress({
      allowPrivate: true,
      lookup: async () => {
        await Bun.sleep(20)
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
      },
    })
    const [a, b] = await Promise.all([
      failure(egress.fetch('http://gone.test/')),
      failure(egress.fetch('http://gone.test/')),
    ])
    expect(a).not.toBe(b)
    expect(a.message).toBe(b.message)
  })

  test('a literal private address is refused on every request', async () => {
    const egress = createEgress({ allowPrivate: false })
    for (let i = 0; i < 2; i++)
      expect((await failure(egress.fetch(`http://127.0.0.1:${target.port}/`))).message).toContain(
        '127.0.0.1 is a private address (loopback)',
      )
  })
})
