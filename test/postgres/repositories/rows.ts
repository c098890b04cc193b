// Rows for the dialect contract tests: fixed values (no clock, no random ids), so both databases get the same data.
import type { ServerRow } from '../../../src/lib/server'
import type { ToolRow } from '../../../src/modules/tools/repository'
import type { ToolkitRow } from '../../../src/modules/tools/toolkits/repository'

export const AT = '2026-01-01T00:00:00.000Z'
export const at = (seconds: number) => new Date(Date.parse(AT) + seconds * 1000).toISOString()

export const project = (id: string) => ({ id, name: `project ${id}`, created_at: AT })

export const server = (project_id: string, id: string, extra: Partial<ServerRow> = {}): ServerRow => ({
  id,
  project_id,
  slug: `slug-${id}`,
  name: `server ${id}`,
  display_name: null,
  description: null,
  auth: 'api_key',
  tool_discovery: null,
  created_at: AT,
  updated_at: AT,
  ...extra,
})

export const toolkit = (project_id: string, id: string, extra: Partial<ToolkitRow> = {}): ToolkitRow => ({
  id,
  project_id,
  name: `kit-${id}`,
  display_name: null,
  description: null,
  toolkit_type: 'hosted',
  status: 'active',
  created_at: AT,
  updated_at: AT,
  ...extra,
})

export const tool = (project_id: string, toolkit_id: string, id: string, extra: Partial<ToolRow> = {}): ToolRow => ({
  id,
  project_id,
  toolkit_id,
  name: `tool_${id}`,
  title: null,
  description: null,
  function_name: 'fn',
  input_schema: '{"type":"object"}',
  output_schema: null,
  annotations: null,
  credential_provider: null,
  required_client_capabilities: null,
  task_support: 'forbidden',
  created_at: AT,
  updated_at: AT,
  ...extra,
})
