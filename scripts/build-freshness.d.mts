export declare const SOURCE_DIRS: string[];
export declare const SOURCE_FILES: string[];
export declare const BUILD_OUTPUTS: string[];
export declare function staleReason(root: string): string | null;
