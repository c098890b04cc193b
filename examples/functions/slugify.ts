// text.slugify: a TypeScript tool that reports progress and logs while it works.
interface Input {
  title: string
  max_length?: number
}

interface Ctx {
  progress(progress: number, total?: number, message?: string): void
  log(level: string, message: string): void
}

export default async (input: Input, ctx: Ctx): Promise<string> => {
  ctx.progress(0, 2, 'normalizing')
  const plain = input.title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
  console.debug(`normalized: ${plain}`)
  ctx.progress(1, 2, 'joining')
  const slug = plain
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, input.max_length ?? 80)
  if (!slug) throw new Error('the title has no letters or digits')
  ctx.progress(2, 2, 'done')
  return slug
}
