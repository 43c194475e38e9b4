// Types for importMap.js, which `payload generate:importmap` rewrites.
import type { ImportMap } from 'payload'

export declare const importMap: ImportMap
