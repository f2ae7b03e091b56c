// Types of compiled-tree.mjs, for the project's tests (the bin itself is plain JavaScript run by Node).
export declare const COMPILED_FOLDERS: string[];
export declare const treesOf: (root: string) => string;
export declare function compiledTree(root?: string): Promise<string | undefined>;
export declare const compiledUrl: (tree: string, file: string) => string;
