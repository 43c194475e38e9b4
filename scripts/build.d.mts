export type BuildName = 'site' | 'server' | 'admin'
export declare function buildSite(options?: { logLevel?: 'info' | 'warn' | 'error' | 'silent' }): Promise<void>
export declare function buildServer(): Promise<void>
export declare function buildAdmin(): Promise<void>
export declare function isOutdated(name: BuildName): boolean
export declare function buildIfOutdated(name: BuildName): Promise<void>
