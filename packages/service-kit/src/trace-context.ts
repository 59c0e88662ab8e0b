import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';
import type { IHeaders } from 'kafkajs';

/**
 * W3C trace context across Kafka. The outbox row keeps the `traceparent` of the span that wrote it (in the
 * envelope, so no table changes); the relay's publish span continues it and travels as the message's
 * `traceparent` header; a consumer's span is a child of that header, or of the envelope's value when a
 * producer (or a replayed dead letter) sent no header. Without the SDK every call here is a no-op.
 */
const tracer = () => trace.getTracer('service-kit');

/** The active span's headers (`traceparent`, `tracestate`), e.g. for a proxied or outgoing request. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The active span's W3C traceparent, or undefined when there is none (SDK off, no span). */
export function currentTraceparent(): string | undefined {
  return traceHeaders().traceparent;
}

const kafkaHeaderGetter: TextMapGetter<IHeaders> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    const first = Array.isArray(value) ? value[0] : value;
    return first === undefined ? undefined : first.toString();
  },
};

function parentContext(headers: IHeaders | undefined, traceparent: string | undefined): Context {
  if (headers?.traceparent) return propagation.extract(ROOT_CONTEXT, headers, kafkaHeaderGetter);
  if (traceparent) return propagation.extract(ROOT_CONTEXT, { traceparent });
  return ROOT_CONTEXT;
}

const messagingAttributes = (topic: string, eventId: string) => ({
  'messaging.system': 'kafka',
  'messaging.destination.name': topic,
  'messaging.message.id': eventId,
});

/**
 * A PRODUCER span for one outbox row, child of the span that wrote it; `headers` carry it to the
 * consumers. End it once the broker has the message (or with the error).
 */
export function startPublishSpan(
  topic: string,
  eventId: string,
  traceparent: string | undefined,
): { headers: Record<string, string>; end: (error?: unknown) => void } {
  if (!traceparent) return { headers: {}, end: () => undefined };
  const span = tracer().startSpan(
    `send ${topic}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: { ...messagingAttributes(topic, eventId), 'messaging.operation.type': 'send' },
    },
    parentContext(undefined, traceparent),
  );
  return {
    headers: traceHeaders(trace.setSpan(ROOT_CONTEXT, span)),
    end: (error) => endSpan(span, error),
  };
}

function endSpan(span: Span, error?: unknown): void {
  if (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
  }
  span.end();
}

/** Runs a consumer's handling of one event inside a CONSUMER span that continues the producer's trace. */
export async function withConsumerSpan<T>(
  input: { topic: string; consumer: string; eventId: string; headers?: IHeaders; traceparent?: string },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = parentContext(input.headers, input.traceparent);
  return tracer().startActiveSpan(
    `process ${input.topic}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...messagingAttributes(input.topic, input.eventId),
        'messaging.operation.type': 'process',
        'messaging.consumer.group.name': input.consumer,
      },
    },
    parent,
    async (span) => {
      try {
        const result = await fn(span);
        endSpan(span);
        return result;
      } catch (err) {
        endSpan(span, err);
        throw err;
      }
    },
  );
}
