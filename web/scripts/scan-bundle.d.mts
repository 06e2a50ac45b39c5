export const forbidden: string[];
export function scan(dir: string, exts: string[], skip?: (file: string) => boolean): string[];
