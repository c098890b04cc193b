// docs.changelog: a resource function. It gets {uri, params} and returns the resource text.
interface Input {
  uri: string
  params: { version?: string }
}

const NOTES: Record<string, string> = {
  '1.0': 'First release: word_count, slugify and forecast.',
  '1.1': 'slugify reports progress; forecast logs the place it looked up.',
}

export default async ({ params }: Input): Promise<string> => {
  const version = params.version ?? ''
  const notes = NOTES[version]
  if (!notes) throw new Error(`no release notes for version ${version}`)
  return `# ${version}\n\n${notes}\n`
}
