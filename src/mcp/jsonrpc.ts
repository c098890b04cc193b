// JSON-RPC 2.0 framing: classifying an incoming message and building responses with no null/empty optional fields.

import { storageFaultOf } from '../lib/storage-errors'
import type { JsonObject } from './backend'
import { ProtocolError, RPC, storageFaultError } from './errors'

export type RpcId = string | number

export interface RpcRequest {
  id: RpcId
  method: string
  params: JsonObject
}

export interface RpcNotification {
  method: string
  params: JsonObject
}

interface RpcResponse {
  id: RpcId
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

export type Incoming =
  | { kind: 'request'; msg: RpcRequest }
  | { kind: 'notification'; msg: RpcNotification }
  | { kind: 'response'; msg: RpcResponse }
  | { kind: 'invalid'; id?: RpcId; message: string }

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)
const isId = (v: unknown): v is RpcId => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))

/** Reads the id of a message even when the message is otherwise invalid, so the error can carry it. */
export const idOf = (body: unknown): RpcId | undefined => (isObject(body) && isId(body.id) ? body.id : undefined)

export function classify(body: unknown): Incoming {
  if (!isObject(body)) return { kind: 'invalid', message: 'Invalid Request: a JSON-RPC message must be an object' }
  const id = idOf(body)
  if (body.jsonrpc !== '2.0') return { kind: 'invalid', id, message: 'Invalid Request: jsonrpc must be "2.0"' }
  if ('method' in body) {
    if (typeof body.method !== 'string' || body.method === '')
      return { kind: 'invalid', id, message: 'Invalid Request: method must be a non-empty string' }
    if ('params' in body && body.params !== undefined && !isObject(body.params))
      return { kind: 'invalid', id, message: 'Invalid Request: params must be an object' }
    const params = (body.params as JsonObject | undefined) ?? {}
    if (!('id' in body)) return { kind: 'notification', msg: { method: body.method, params } }
    if (id === undefined) return { kind: 'invalid', message: 'Invalid Request: id must be a string or a number' }
    return { kind: 'request', msg: { id, method: body.method, params } }
  }
  if (id !== undefined && 'result' in body !== 'error' in body) {
    return { kind: 'response', msg: body as unknown as RpcResponse }
  }
  return { kind: 'invalid', id, message: 'Invalid Request: not a JSON-RPC request, notification or response' }
}

export const success = (id: RpcId, result: unknown) => ({ jsonrpc: '2.0' as const, id, result })

export function failure(id: RpcId | undefined, code: number, message: string, data?: unknown) {
  return {
    jsonrpc: '2.0' as const,
    ...(id !== undefined ? { id } : {}),
    error: { code, message, ...(data !== undefined ? { data } : {}) },
  }
}

/** Turns whatever a handler threw into a JSON-RPC error; unknown errors never leak their text. */
export function failureFrom(id: RpcId, err: unknown, onInternal: (err: unknown) => void) {
  if (err instanceof ProtocolError) return failure(id, err.code, err.message, err.data)
  onInternal(err)
  // A full disk or a database away is the storage's fault, said as such (what it is, when to retry).
  const fault = storageFaultOf(err)
  if (fault) {
    const e = storageFaultError(fault)
    return failure(id, e.code, e.message, e.data)
  }
  return failure(id, RPC.INTERNAL_ERROR, 'Internal error')
}

export const notification = (method: string, params: JsonObject) => ({ jsonrpc: '2.0' as const, method, params })

/** A notifications/progress message; total and message are left out when not given. */
export const progressNotification = (token: RpcId, progress: number, total?: number, message?: string) =>
  notification('notifications/progress', {
    progressToken: token,
    progress,
    ...(total !== undefined && total !== null ? { total } : {}),
    ...(message !== undefined && message !== null ? { message } : {}),
  })
