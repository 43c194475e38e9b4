export declare function buildIfOutdated(name: 'site' | 'admin'): void
