import type { Root, Type } from 'protobufjs';

/**
 * The OTLP trace and log messages (opentelemetry-proto v1, Apache-2.0: collector/trace/v1,
 * collector/logs/v1, trace/v1, logs/v1, common/v1, resource/v1), the subset a receiver
 * decodes and answers with,
 * plus google.rpc.Status for failure bodies. Field numbers are the wire contract; names
 * follow the .proto files. Parsed on first use, so `evid` start-up does not pay for it.
 */
const PROTO = `
syntax = "proto3";
package otlp;

message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ExportTraceServiceResponse { ExportTracePartialSuccess partial_success = 1; }
message ExportTracePartialSuccess { int64 rejected_spans = 1; string error_message = 2; }

message ResourceSpans {
  Resource resource = 1;
  repeated ScopeSpans scope_spans = 2;
  string schema_url = 3;
}
message Resource { repeated KeyValue attributes = 1; uint32 dropped_attributes_count = 2; }
message ScopeSpans {
  InstrumentationScope scope = 1;
  repeated Span spans = 2;
  string schema_url = 3;
}
message InstrumentationScope {
  string name = 1;
  string version = 2;
  repeated KeyValue attributes = 3;
  uint32 dropped_attributes_count = 4;
}
message Span {
  bytes trace_id = 1;
  bytes span_id = 2;
  string trace_state = 3;
  bytes parent_span_id = 4;
  string name = 5;
  int32 kind = 6;
  fixed64 start_time_unix_nano = 7;
  fixed64 end_time_unix_nano = 8;
  repeated KeyValue attributes = 9;
  uint32 dropped_attributes_count = 10;
  repeated SpanEvent events = 11;
  uint32 dropped_events_count = 12;
  repeated SpanLink links = 13;
  uint32 dropped_links_count = 14;
  SpanStatus status = 15;
  fixed32 flags = 16;
}
message SpanEvent {
  fixed64 time_unix_nano = 1;
  string name = 2;
  repeated KeyValue attributes = 3;
  uint32 dropped_attributes_count = 4;
}
message SpanLink {
  bytes trace_id = 1;
  bytes span_id = 2;
  string trace_state = 3;
  repeated KeyValue attributes = 4;
  uint32 dropped_attributes_count = 5;
  fixed32 flags = 6;
}
message SpanStatus { string message = 2; int32 code = 3; }
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value {
    string string_value = 1;
    bool bool_value = 2;
    int64 int_value = 3;
    double double_value = 4;
    ArrayValue array_value = 5;
    KeyValueList kvlist_value = 6;
    bytes bytes_value = 7;
  }
}
message ArrayValue { repeated AnyValue values = 1; }
message KeyValueList { repeated KeyValue values = 1; }

message ExportLogsServiceRequest { repeated ResourceLogs resource_logs = 1; }
message ResourceLogs {
  Resource resource = 1;
  repeated ScopeLogs scope_logs = 2;
  string schema_url = 3;
}
message ScopeLogs {
  InstrumentationScope scope = 1;
  repeated LogRecord log_records = 2;
  string schema_url = 3;
}
message LogRecord {
  reserved 4;
  fixed64 time_unix_nano = 1;
  fixed64 observed_time_unix_nano = 11;
  int32 severity_number = 2;
  string severity_text = 3;
  AnyValue body = 5;
  repeated KeyValue attributes = 6;
  uint32 dropped_attributes_count = 7;
  fixed32 flags = 8;
  bytes trace_id = 9;
  bytes span_id = 10;
  string event_name = 12;
}

message RpcStatus { int32 code = 1; string message = 2; }
`;

let types: OtlpTypes | undefined;

export interface OtlpTypes {
  request: Type;
  logsRequest: Type;
  response: Type;
  status: Type;
}

export async function otlpTypes(): Promise<OtlpTypes> {
  if (!types) {
    const protobuf = (await import('protobufjs')).default;
    const root: Root = protobuf.parse(PROTO, { keepCase: true }).root;
    types = {
      request: root.lookupType('otlp.ExportTraceServiceRequest'),
      logsRequest: root.lookupType('otlp.ExportLogsServiceRequest'),
      response: root.lookupType('otlp.ExportTraceServiceResponse'),
      status: root.lookupType('otlp.RpcStatus'),
    };
  }
  return types;
}
