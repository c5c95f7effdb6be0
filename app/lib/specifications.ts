import type { ProductSpecification } from '~/services/db/schema';

/** A specification's value with its unit, as a table cell or a sheet shows it ('3.05 m'). */
export function specificationValue(spec: ProductSpecification): string {
  return spec.unit ? `${spec.value} ${spec.unit}` : spec.value;
}

/** One line for a specification ('Height: 3.05 m'), as the activity log records it. */
export function specificationLine(spec: ProductSpecification): string {
  return `${spec.name}: ${specificationValue(spec)}`;
}
