export type BuildName = 'site' | 'admin'
export declare function build(name: BuildName): void
export declare function buildIfOutdated(name: BuildName): void
