import pino, { type DestinationStream, type Logger } from 'pino';
import { config, type LogLevel } from '../config/config';
import { currentRequest } from './request-context';

// The node's one logger: JSON lines on stdout (pino), one object per line, level from LOG_LEVEL
// (docs/operations.md § Logs). A line written while a request is handled carries its request_id
// and trace_id. Errors go under `err`, serialized with their stack. Never log a key, a key hash, a
// session token or a request body.

const holder = globalThis as unknown as { __stigmemLogger?: Logger };

function configuredLevel(): LogLevel {
  try {
    return config().logLevel;
  } catch {
    // An invalid configuration is itself reported through the logger before the node stops.
    return 'info';
  }
}

function create(destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: configuredLevel(),
    base: { service: 'stigmem-health', pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Level names, not pino's numbers: what a log query filters on.
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const request = currentRequest();
      if (!request) return {};
      return request.traceId ? { request_id: request.requestId, trace_id: request.traceId } : { request_id: request.requestId };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The process's logger, created on first use with the configured level. */
export function logger(): Logger {
  return (holder.__stigmemLogger ??= create());
}

/** Builds the logger again from the configuration (and into `destination`): for tests that change LOG_LEVEL or read the lines. */
export function resetLogger(destination?: DestinationStream): Logger {
  holder.__stigmemLogger = create(destination);
  return holder.__stigmemLogger;
}
