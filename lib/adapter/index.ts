// Spec-19 middleware adapter for host agent runtimes (archetype: middleware — fail open: Stigmem
// is optional, the host never crashes and its exit code never changes because of the node).
// The process-mode adapter (fail fast) is the bin stigmem-health-mcp (bin/stigmem-health-mcp.mjs).
export { bootContext, EMPTY_BOOT_CONTEXT, type BootContextOptions } from './fetch-boot-context';
export type { BootContext } from '../context/render-context';
export { recordEscalation, recordFact, recordHandoff, recordLifecycle, type AdapterFact } from './record-facts';
export { type AdapterLogger, type AdapterOptions } from './node-client';
