import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Field, FormError, SelectField, TextAreaField } from '~/components/ui/field';
import { busyButton } from '~/lib/busy-button';
import type { ActionResult, FormSchema } from '~/lib/forms';
import { PRODUCT_ARRAYS, PRODUCT_STATUSES } from '~/lib/schemas/product';
import type { ProductStatus } from '~/services/db/schema';
import { useForm } from '~/lib/use-form';
import { useOnResult } from '~/lib/use-on-result';
import type { ProductSpecification } from '~/services/db/schema';
import { CategoryPicker } from './category-picker';
import { ImageManager, slotFiles, type ImageSlot } from './image-manager';
import { SpecificationsEditor } from './specifications-editor';

interface Option {
  id: number;
  name: string;
}

export interface ProductFormInitial {
  name: string;
  description: string | null;
  modelCode: string | null;
  specifications: ProductSpecification[];
  sportId: number | null;
  categoryIds: number[];
  status: ProductStatus;
  images: ImageSlot[];
  revision?: number;
}

/** The specification rows a refused plain post sent (typedProductFields keeps them as JSON). */
function typedSpecifications(json: string | undefined): ProductSpecification[] {
  try {
    const rows: unknown = JSON.parse(json ?? '[]');
    if (!Array.isArray(rows)) return [];
    return rows.map((r: Record<string, unknown>) => ({
      name: String(r.name ?? ''),
      value: String(r.value ?? ''),
      unit: String(r.unit ?? ''),
    }));
  } catch {
    return [];
  }
}

/**
 * The fields of a refused plain post (no JavaScript) as the form's starting values: the page is
 * new, and would otherwise show the stored product or an empty form.
 */
export function typedFields(
  answer: ActionResult | undefined,
): Partial<Omit<ProductFormInitial, 'images'>> {
  const typed = answer && !answer.ok ? answer.typed : undefined;
  if (!typed) return {};
  const status = PRODUCT_STATUSES.find((s) => s.value === typed.status)?.value;
  return {
    name: typed.name ?? '',
    description: typed.description ?? null,
    modelCode: typed.modelCode ?? null,
    specifications: typedSpecifications(typed.specifications),
    sportId: Number(typed.sportId) || null,
    ...(status ? { status } : {}),
    categoryIds: (typed.categoryIds ?? '').split(',').map(Number).filter(Boolean),
    // The revision the form was opened at: after a conflict, saving again is refused again
    // until the stored product is reloaded (not an overwrite of the other admin's change).
    ...(typed.revision ? { revision: Number(typed.revision) } : {}),
  };
}

/**
 * The Add and Edit Product form: name, status, sport, categories, description and images.
 * The browser checks it with the action's schema and sends nothing while it is invalid; a valid
 * form goes as multipart/form-data, its fields plus the chosen image files in order.
 */
export function ProductForm({
  schema,
  sports,
  categories,
  initial,
  result,
  busy,
  notice,
  onSubmit,
}: {
  schema: FormSchema;
  sports: Option[];
  categories: Option[];
  initial: ProductFormInitial;
  result: ActionResult | undefined;
  busy: boolean;
  /** Said beside SUBMIT once a save went through ('… successfully updated'). */
  notice?: string;
  onSubmit: (data: FormData) => void;
}) {
  const form = useForm(schema, result, { arrays: PRODUCT_ARRAYS });
  const [slots, setSlots] = useState<ImageSlot[]>(initial.images);
  // Images and a category picked in the filter box change no field the user leaves: their
  // messages are checked again after each change.
  const element = useRef<HTMLFormElement>(null);
  const recheck = (name: string) => element.current && form.recheck(element.current, name);
  const firstSlots = useRef(slots);
  useEffect(() => {
    if (slots !== firstSlots.current) recheck('images');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the images change
  }, [slots]);
  // The server refuses a sport or category deleted since the page was read: the lists are read
  // again (React Router does not after a refusal), so the deleted one leaves the form.
  const revalidator = useRevalidator();
  useOnResult(result, (r) => {
    if (!r.ok && (r.fields?.sportId || r.fields?.categoryIds)) void revalidator.revalidate();
  });

  return (
    <form
      ref={element}
      method="post"
      encType="multipart/form-data"
      {...form.props}
      onSubmit={(event) => {
        form.props.onSubmit?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        for (const file of slotFiles(slots)) data.append('file', file, file.name);
        onSubmit(data);
      }}
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <FormError message={form.formError} />
      {initial.revision !== undefined ? (
        <input type="hidden" name="revision" value={initial.revision} />
      ) : null}
      <div className="grid gap-x-8 gap-y-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-2">
          <Field
            id="name"
            label="Name"
            defaultValue={initial.name}
            autoComplete="off"
            error={form.errors.name}
          />
          <Field
            id="modelCode"
            label="Model code (optional)"
            hint="Unique to this product, e.g. GP-2000. Buyers can search for it."
            defaultValue={initial.modelCode ?? ''}
            autoComplete="off"
            error={form.errors.modelCode}
          />
          <SelectField
            id="status"
            label="Status"
            defaultValue={initial.status}
            hint="Draft: not in the shop yet. Hidden: off the shop and its page gone for guests; past enquiries still name it."
            error={form.errors.status}
          >
            {PRODUCT_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="sportId"
            label="Sport"
            defaultValue={initial.sportId ?? ''}
            error={form.errors.sportId}
          >
            <option value="">Select a sport</option>
            {sports.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <CategoryPicker
            options={categories}
            defaultSelected={initial.categoryIds}
            error={form.errors.categoryIds}
            onChange={() => recheck('categoryIds')}
          />
        </div>
        <div className="space-y-2">
          <TextAreaField
            id="description"
            label="Description"
            defaultValue={initial.description ?? ''}
            // The description box is 25vh high (a readable minimum on short screens).
            style={{ height: '25vh', minHeight: '8rem' }}
            error={form.errors.description}
          />
          <SpecificationsEditor
            initial={initial.specifications}
            error={
              form.errors.specifications ??
              form.errors.specName ??
              form.errors.specValue ??
              form.errors.specUnit
            }
          />
          <ImageManager slots={slots} onChange={setSlots} error={form.errors.images} />
        </div>
      </div>
      <div className="flex items-center justify-end gap-3 border-t border-slate-100 pt-4">
        <p role="status" className="text-sm text-slate-600">
          {busy ? (
            <span className="inline-flex items-center gap-1.5">
              <Loader2 aria-hidden className="size-4 animate-spin" /> Uploading and saving…
            </span>
          ) : notice ? (
            <span className="font-medium text-green-800">{notice}</span>
          ) : null}
        </p>
        <button
          type="submit"
          {...busyButton(busy)}
          className="rounded-md bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60"
        >
          Submit
        </button>
      </div>
    </form>
  );
}
