import { specificationValue } from '~/lib/specifications';
import type { ProductSpecification } from '~/services/db/schema';

/** A product's specifications as a two-column table, in the order staff listed them. */
export function SpecificationsTable({
  specifications,
}: {
  specifications: ProductSpecification[];
}) {
  if (!specifications.length) return null;
  return (
    <section aria-labelledby="specifications-heading" className="mt-8">
      <h2 id="specifications-heading" className="text-lg font-bold text-slate-900">
        Specifications
      </h2>
      <table className="mt-3 w-full border-collapse text-sm">
        <tbody>
          {specifications.map((spec) => (
            <tr key={spec.name} className="border-t border-slate-200 last:border-b">
              <th
                scope="row"
                className="w-2/5 py-2 pr-4 text-left align-top font-semibold text-slate-700"
              >
                {spec.name}
              </th>
              <td className="py-2 text-slate-900 [overflow-wrap:anywhere]">
                {specificationValue(spec)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
