import * as z from 'zod/mini';
import {
  RUM_CONNECTIONS,
  RUM_DEVICES,
  RUM_MAX_METRICS,
  RUM_METRICS,
  rumMaximum,
} from '../rum/vitals';

/** A route's id as React Router names it (`routes/products.$productId`, `shop-sport`). */
const ROUTE_ID = /^[A-Za-z0-9_$./-]{1,100}$/;

const Measurement = z
  .strictObject({
    name: z.enum(RUM_METRICS),
    value: z.number().check(z.nonnegative()),
  })
  .check(
    z.refine((m) => Number.isFinite(m.value) && m.value <= rumMaximum(m.name), {
      error: 'value out of range',
      path: ['value'],
    }),
  );

/**
 * One page view's report from the browser's beacon: the route that served the page (its id, never
 * the address), the device class, the connection type and the metrics measured. Nothing else is
 * accepted, so nothing else can arrive.
 */
export const RumReportSchema = z.strictObject({
  route: z.string().check(z.regex(ROUTE_ID)),
  device: z.enum(RUM_DEVICES),
  connection: z.enum(RUM_CONNECTIONS),
  metrics: z.array(Measurement).check(z.minLength(1), z.maxLength(RUM_MAX_METRICS)),
});

export type RumReport = z.infer<typeof RumReportSchema>;
