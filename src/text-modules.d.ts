// Files imported as text (`with { type: 'text' }`) so the compiled binary carries them.
declare module 'htmx.org/dist/htmx.min.js' {
  const text: string
  export default text
}
