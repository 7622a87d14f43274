/** Types of module-cycles.mjs for the lint-rules test. */
export function moduleGraph(serverSrc: string): Map<string, Set<string>>;
export function moduleCycles(graph: Map<string, Set<string>>): string[][];
