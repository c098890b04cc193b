// The pre-built catalog of common services, as data: each an OpenAPI document kept in ./openapi (embedded as text so
// the binary carries it) with the toolkit it becomes and the provider whose credential its tools use. They are built
// by the same OpenAPI machinery as an import (src/modules/tools/kinds/openapi/catalog.ts).
import asana from './openapi/asana.yaml' with { type: 'text' }
import discord from './openapi/discord.yaml' with { type: 'text' }
import github from './openapi/github.yaml' with { type: 'text' }
import gitlab from './openapi/gitlab.yaml' with { type: 'text' }
import gmail from './openapi/gmail.yaml' with { type: 'text' }
import googleCalendar from './openapi/google-calendar.yaml' with { type: 'text' }
import googleDrive from './openapi/google-drive.yaml' with { type: 'text' }
import hubspot from './openapi/hubspot.yaml' with { type: 'text' }
import jira from './openapi/jira.yaml' with { type: 'text' }
import notion from './openapi/notion.yaml' with { type: 'text' }
import slack from './openapi/slack.yaml' with { type: 'text' }
import stripe from './openapi/stripe.yaml' with { type: 'text' }

export interface CatalogService {
  /** The toolkit id (stable across releases: servers attach it by id). */
  id: string
  name: string
  display_name: string
  description: string
  /** A built-in provider (./providers.ts): its base URL, or the credential's `base_url`, replaces the document's server. */
  provider: string
  /** The OpenAPI document as YAML text. */
  document: string
  /** How the service says a call failed when HTTP says it did not (docs/openapi.md, "Result rules"). */
  result?: ResultRule
}

/**
 * A JSON answer whose `field` equals `equals` is a failed call (`isError: true`) although its status is 2xx, e.g.
 * Slack's HTTP 200 `{"ok": false, "error": "channel_not_found"}`; `message` names the field that says why.
 */
export interface ResultRule {
  field: string
  equals: string | number | boolean | null
  message?: string
}

export const openApiCatalog: readonly CatalogService[] = [
  {
    id: 'prebuilt-github',
    name: 'github',
    display_name: 'GitHub',
    description: 'Repositories, issues, comments, pull requests and search on GitHub',
    provider: 'github',
    document: github,
  },
  {
    id: 'prebuilt-slack',
    name: 'slack',
    display_name: 'Slack',
    description: 'Post messages, read channels and users, add reactions in Slack',
    provider: 'slack',
    document: slack,
    // Slack's Web API answers HTTP 200 to most failures, with "ok": false and the reason in "error".
    result: { field: 'ok', equals: false, message: 'error' },
  },
  {
    id: 'prebuilt-gitlab',
    name: 'gitlab',
    display_name: 'GitLab',
    description: 'Projects, issues and merge requests on GitLab',
    provider: 'gitlab',
    document: gitlab,
  },
  {
    id: 'prebuilt-notion',
    name: 'notion',
    display_name: 'Notion',
    description: 'Search, read and write Notion pages, databases and blocks',
    provider: 'notion',
    document: notion,
  },
  {
    id: 'prebuilt-jira',
    name: 'jira',
    display_name: 'Jira',
    description: 'Search, create, comment on and move Jira issues',
    provider: 'atlassian',
    document: jira,
  },
  {
    id: 'prebuilt-google-calendar',
    name: 'google-calendar',
    display_name: 'Google Calendar',
    description: 'Calendars and events in Google Calendar',
    provider: 'google',
    document: googleCalendar,
  },
  {
    id: 'prebuilt-gmail',
    name: 'gmail',
    display_name: 'Gmail',
    description: 'Search, read, send and label mail in Gmail',
    provider: 'google',
    document: gmail,
  },
  {
    id: 'prebuilt-google-drive',
    name: 'google-drive',
    display_name: 'Google Drive',
    description: 'Find, read, create and share files in Google Drive',
    provider: 'google',
    document: googleDrive,
  },
  {
    id: 'prebuilt-stripe',
    name: 'stripe',
    display_name: 'Stripe',
    description: 'Customers, payments, charges, invoices and refunds in Stripe',
    provider: 'stripe',
    document: stripe,
  },
  {
    id: 'prebuilt-hubspot',
    name: 'hubspot',
    display_name: 'HubSpot',
    description: 'Contacts, companies and deals in the HubSpot CRM',
    provider: 'hubspot',
    document: hubspot,
  },
  {
    id: 'prebuilt-discord',
    name: 'discord',
    display_name: 'Discord',
    description: 'Servers, channels and messages on Discord',
    provider: 'discord',
    document: discord,
  },
  {
    id: 'prebuilt-asana',
    name: 'asana',
    display_name: 'Asana',
    description: 'Workspaces, projects, tasks and comments in Asana',
    provider: 'asana',
    document: asana,
  },
]
