import { cardStyles } from '../ui/styles';

export interface McpTool {
  name: string;
  description: string;
  inputSchema: { properties?: Record<string, unknown>; required?: string[] };
}

/** The tools /mcp lists, with their descriptions and arguments (required ones marked). */
export function McpToolList({ tools }: { tools: McpTool[] }) {
  return (
    <section aria-labelledby="mcp-tools-title" className={`${cardStyles} p-5`}>
      <h2 id="mcp-tools-title" className="text-base font-semibold text-slate-900">
        Tools ({tools.length})
      </h2>
      <ul className="mt-3 divide-y divide-slate-100" data-testid="mcp-tools">
        {tools.map((tool) => {
          const required = new Set(tool.inputSchema.required ?? []);
          const args = Object.keys(tool.inputSchema.properties ?? {});
          return (
            <li key={tool.name} className="py-3" data-testid="mcp-tool" data-name={tool.name}>
              <h3 className="font-mono text-sm font-semibold text-indigo-700">{tool.name}</h3>
              <p className="mt-1 max-w-4xl text-sm text-slate-700">{tool.description}</p>
              {args.length ? (
                <p className="mt-1.5 flex flex-wrap gap-1 text-xs">
                  <span className="sr-only">Arguments:</span>
                  {args.map((arg) => (
                    <code key={arg} className={`rounded px-1.5 py-0.5 font-mono ${required.has(arg) ? 'bg-indigo-50 text-indigo-800 ring-1 ring-indigo-600/20 ring-inset' : 'bg-slate-100 text-slate-700'}`}>
                      {arg}
                      {required.has(arg) ? <span title="required"> *</span> : null}
                    </code>
                  ))}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-slate-500">* required argument</p>
    </section>
  );
}
