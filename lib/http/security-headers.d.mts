export declare function pageCsp(nonce: string, development?: boolean): string;
export declare const DATA_CSP: string;
export declare const SECURITY_HEADERS: Readonly<Record<string, string>>;
export declare const DATA_SOURCES: readonly string[];
export declare function servesData(path: string): boolean;
export declare function newNonce(): string;
export declare function applySecurityHeaders(headers: Headers, csp: string): void;
export declare function configHeaders(): { source: string; headers: { key: string; value: string }[] }[];
