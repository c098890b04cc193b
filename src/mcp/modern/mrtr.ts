// Multi-round tool requests (MRTR, 2026-07-28): a function asks the client for input by returning instead of
// waiting. Each round re-runs the function; answers come from params.inputResponses and the signed requestState.
import type { Keyring } from '../../crypto/master-key'
import type { JsonObject } from '../backend'
import { ProtocolError, RPC } from '../errors'
import { isObject } from '../jsonrpc'
import { type StateBinding, signState, verifyState } from './request-state'

/** Thrown into the function when an answer is missing, so it ends; its result is discarded. */
class InputRequired extends Error {
  constructor(readonly key: string) {
    super(`input required: ${key}`)
  }
}

/** The question was recorded for an input-required result: whoever waits on it (a remote upstream) can stop now. */
export const isInputRequired = (error: unknown): boolean => error instanceof InputRequired

const PREFIX: Record<string, string> = {
  'elicitation/create': 'elicit',
  'sampling/createMessage': 'sample',
  'roots/list': 'roots',
}

export class InputRound {
  readonly missing = new Map<string, { method: string; params: JsonObject }>()
  private readonly used: Record<string, JsonObject> = {}
  private readonly counters = new Map<string, number>()

  constructor(
    private readonly answers: Record<string, JsonObject>,
    private readonly keyring: Keyring,
    private readonly binding: StateBinding,
  ) {}

  /** The answer under `key` (default: the method's ordinal, `elicit-1`…), or record the question and stop. */
  ask(method: string, params: JsonObject, key?: string): Promise<JsonObject> {
    const prefix = PREFIX[method] ?? 'input'
    const n = (this.counters.get(prefix) ?? 0) + 1
    this.counters.set(prefix, n)
    const k = typeof key === 'string' && key !== '' ? key : `${prefix}-${n}`
    const answer = this.answers[k]
    if (answer !== undefined) {
      this.used[k] = answer
      return Promise.resolve(answer)
    }
    this.missing.set(k, { method, params })
    return Promise.reject(new InputRequired(k))
  }

  /** The round's answer: the open questions and a fresh state carrying every answer used so far. */
  inputRequired() {
    return {
      resultType: 'input_required' as const,
      inputRequests: Object.fromEntries(this.missing),
      requestState: signState(this.keyring, this.binding, this.used),
    }
  }
}

const invalid = (message: string) => new ProtocolError(RPC.INVALID_PARAMS, `Invalid params: ${message}`)

/** Checks `inputResponses` and `requestState` before anything runs; unknown keys are harmless and never carried on. */
export function openRound(params: JsonObject, keyring: Keyring, binding: StateBinding): InputRound {
  const answers: Record<string, JsonObject> =
    params.requestState === undefined ? {} : { ...verifyState(keyring, params.requestState, binding) }
  if ('inputResponses' in params) {
    const responses = params.inputResponses
    if (!isObject(responses)) throw invalid('inputResponses must be an object')
    for (const [k, v] of Object.entries(responses)) {
      if (!isObject(v)) throw invalid(`inputResponses.${k} must be an object`)
      answers[k] = v
    }
  }
  return new InputRound(answers, keyring, binding)
}
