export { requestSpan, telemetry, type TelemetryOptions } from './telemetry.js';
