export type FolderGraph = { nodes: Set<string>; edges: Map<string, Map<string, Set<string>>> }
export declare const LAYERS: string[][]
export declare function valueImports(fileName: string, text: string): string[]
export declare function folderOf(pathInCms: string): string
export declare function folderGraph(root?: string): FolderGraph
export declare function cycles(graph: FolderGraph): string[][]
export declare function layerProblems(graph: FolderGraph, layers?: string[][]): string[]
export declare const DOMAINS: string[]
export declare const ROOT: string[]
export declare function domainProblems(graph: FolderGraph, domains?: string[], root?: string[]): string[]
