// The catalog data the pre-built toolkits are read from (src/catalog), kept in one place so the adapter has one input.
import { prebuiltToolkits } from '../../../../catalog/toolkits'

export const PREBUILT_SOURCE = prebuiltToolkits
