// What user code can reach of its host, as string-in/string-out calls the VM installs on its host object: `asks`
// answer asynchronously (QuickJS promises), `answers` at once.
import { toMcpLogLevel } from '../lib/log'
import { type AskOptions, type FunctionHost, isListName } from './host'
import { forwardProgress, randomHex } from './sandbox-globals'
import type { SandboxFetch, SandboxFetchInit } from './sandbox-types'

export function hostApi(host: FunctionHost, fetch: SandboxFetch, deadline: number) {
  const asks: Record<string, (args: string[]) => Promise<string>> = {
    fetch: async ([url = '', init = '{}']) => JSON.stringify(await fetch(url, JSON.parse(init) as SandboxFetchInit)),
    // Timers end with the call: a wait never outlives the deadline (setTimeout in sandbox-globals.ts).
    sleep: ([ms = '0']) =>
      new Promise((done) => setTimeout(() => done(''), Math.min(Number(ms), deadline - Date.now()))),
  }
  for (const name of ['sample', 'elicit'] as const) {
    const ask = host[name]
    if (ask)
      asks[name] = async ([req = 'null', opts = '{}']) =>
        JSON.stringify((await ask(JSON.parse(req) as Record<string, unknown>, JSON.parse(opts) as AskOptions)) ?? null)
  }
  const callTool = host.callTool
  if (callTool)
    asks.callTool = async ([name = '', args = '{}']) =>
      JSON.stringify(await callTool(name, JSON.parse(args) as Record<string, unknown>))
  const sleep = host.sleep
  if (sleep) asks.sleep = ([ms = '0']) => sleep(Number(ms) || 0).then(() => 'null')
  const listRoots = host.listRoots
  if (listRoots)
    asks.listRoots = async ([, opts = '{}']) =>
      JSON.stringify((await listRoots(JSON.parse(opts) as AskOptions)) ?? null)
  const answers: Record<string, (args: string[]) => unknown> = {
    log: ([level = 'info', message = '']) => host.log(toMcpLogLevel(level), message),
    progress: ([packed = '{}']) => forwardProgress(host, packed),
    random: ([n = '0']) => randomHex(Number(n)),
    listChanged: ([list = '']) => isListName(list) && host.notifyListChanged?.(list),
    fail: ([code = '', text = '']) => Number.isInteger(+code) && host.fail?.(+code, text),
  }
  return { asks, answers }
}
