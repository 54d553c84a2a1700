// Types of bundle.mjs for the TypeScript that calls it (the test and bench helpers that start a server).
export declare const TARGETS: Record<'server' | 'cli', { entry: string; outfile: string }>;
export declare function isStale(target: 'server' | 'cli'): boolean;
export declare function bundle(target: 'server' | 'cli'): Promise<void>;
export declare function ensureBuilt(target: 'server' | 'cli'): Promise<boolean>;
