// The service version (set at build time through TOOLYARD_BUILD_VERSION); a module of its own so the CLI's quick
// commands need not load the whole service to print it.
export const VERSION: string = process.env.TOOLYARD_BUILD_VERSION ?? '0.1.0'
