// Adapter over the built-in provider catalog (src/catalog/providers.ts): the one place this feature reads it.
import { builtinProviders as catalog, findBuiltinProvider, type ProviderDefinition } from '../../../catalog/providers'

export type BuiltinProvider = ProviderDefinition

export const builtinProviders = (): readonly BuiltinProvider[] => catalog
export const builtinProvider = (id: string): BuiltinProvider | undefined => findBuiltinProvider(id)
