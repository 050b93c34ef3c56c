export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] };
}
export declare const TOOLS: ToolDefinition[];
export declare function toHttpRequest(
  name: string,
  args: Record<string, unknown> | undefined,
): { method: 'GET' | 'POST'; path: string; query: string; body: string | undefined; params: Record<string, string>; headers: Record<string, string> };
export declare function toolText(name: string, json: unknown): string;
export declare function errorText(status: number, json: unknown): string;
export declare function messageText(message: unknown): string;
